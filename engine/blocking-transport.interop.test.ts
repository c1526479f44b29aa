/**
 * `http.send` over the blocking transport against the real OPA v1.15.2's, on the same loopback
 * server (run in another process, since the evaluating thread blocks): the same response objects.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { compilePolicies, createStandardBuiltins, toJson } from '@gatehousejs/rego';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/support/free-port.ts';
import { ensurePeer } from '../test/support/peers.ts';
import { createBlockingTransport } from './blocking-transport.ts';

const SERVER = `
require('node:http').createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    if (req.url.startsWith('/text')) { res.setHeader('content-type', 'text/plain'); res.end('plain ' + body); return; }
    res.statusCode = req.url.startsWith('/missing') ? 404 : 200;
    res.setHeader('content-type', 'application/json');
    res.setHeader('x-multi', ['a', 'b']);
    res.end(JSON.stringify({ path: req.url, method: req.method, body, custom: req.headers['x-custom'] ?? null }));
  });
}).listen(Number(process.argv[1]), '127.0.0.1', () => console.log('ready'));
`;

let server: ChildProcess;
let port = 0;

beforeAll(async () => {
  port = await freePort();
  server = spawn(process.execPath, ['-e', SERVER, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => server.stdout?.once('data', () => resolve()));
});

afterAll(() => {
  server.kill();
});

/** Requests whose responses both must answer alike (headers that vary per response left out). */
function requests(): string[] {
  const base = `http://127.0.0.1:${port}`;
  return [
    `{"method": "get", "url": "${base}/a?b=1"}`,
    `{"method": "post", "url": "${base}/p", "body": {"x": [1, "<"]}, "headers": {"X-Custom": "v"}}`,
    `{"method": "put", "url": "${base}/text", "raw_body": "hello"}`,
    `{"method": "get", "url": "${base}/missing"}`,
    `{"method": "get", "url": "${base}/text", "force_json_decode": false}`,
  ];
}

const expression = () =>
  `[object.remove(r, ["headers"]) | some q in [${requests().join(', ')}]; r := http.send(q)]`;

describe('http.send agrees with OPA v1.15.2', () => {
  it('returns the same status, bodies and decoding for the same requests', async () => {
    const opa = ensurePeer('opa', ['v1.15.2']);
    const out = execFileSync(opa, ['eval', '--format', 'json', '--v1-compatible', expression()], {
      encoding: 'utf8',
    });
    const reference = (JSON.parse(out) as { result: { expressions: { value: unknown }[] }[] }).result[0]
      ?.expressions[0]?.value;

    const transport = createBlockingTransport({ allowedHosts: [`127.0.0.1:${port}`] });
    try {
      const policies = compilePolicies([{ file: 'p.rego', source: `package t\np := ${expression()}\n` }], {
        builtins: createStandardBuiltins({ outbound: transport.calls }),
        version: 'v1',
      });
      const value = policies.evaluate('t.p');
      expect(value === undefined ? undefined : toJson(value)).toEqual(reference);
    } finally {
      await transport.close();
    }
  });

  it('reports multi-valued headers value by value, as Go does', async () => {
    const transport = createBlockingTransport({ allowedHosts: [`127.0.0.1:${port}`] });
    try {
      const policies = compilePolicies(
        [
          {
            file: 'p.rego',
            source: `package t\np := http.send({"method": "get", "url": "http://127.0.0.1:${port}/"}).headers["x-multi"]\n`,
          },
        ],
        { builtins: createStandardBuiltins({ outbound: transport.calls }), version: 'v1' },
      );
      const opa = ensurePeer('opa', ['v1.15.2']);
      const out = execFileSync(
        opa,
        [
          'eval',
          '--format',
          'json',
          `http.send({"method": "get", "url": "http://127.0.0.1:${port}/"}).headers["x-multi"]`,
        ],
        { encoding: 'utf8' },
      );
      const reference = (JSON.parse(out) as { result: { expressions: { value: unknown }[] }[] }).result[0]
        ?.expressions[0]?.value;
      const value = policies.evaluate('t.p');
      expect(value === undefined ? undefined : toJson(value)).toEqual(reference);
    } finally {
      await transport.close();
    }
  });
});
