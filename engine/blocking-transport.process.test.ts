import { type ChildProcess, spawn } from 'node:child_process';
import { compilePolicies, createStandardBuiltins, RegoError } from '@gatehousejs/rego';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/support/free-port.ts';
import { createBlockingTransport } from './blocking-transport.ts';

// The server runs in another process: the evaluating thread blocks while it waits for the answer.
const SERVER = `
const http = require('node:http');
http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('x-seen', req.method);
    res.end(JSON.stringify({ path: req.url, auth: req.headers.authorization ?? null, body }));
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

function policy(source: string, allowedHosts: string[]) {
  const transport = createBlockingTransport({ allowedHosts });
  const policies = compilePolicies([{ file: 'p.rego', source: `package t\n${source}\n` }], {
    builtins: createStandardBuiltins({ outbound: transport.calls }),
    version: 'v1',
  });
  return { policies, close: () => transport.close() };
}

describe('http.send over the blocking transport', () => {
  it('reaches an allowed host and decodes a JSON answer', async () => {
    const { policies, close } = policy(
      `p := http.send({"method": "post", "url": "http://127.0.0.1:${port}/roles?u=1", "headers": {"Authorization": "Bearer t"}, "body": {"a": 1}})`,
      [`127.0.0.1:${port}`],
    );
    try {
      expect(policies.evaluate('t.p')).toMatchObject({
        status_code: 200,
        status: '200 OK',
        body: { path: '/roles?u=1', auth: 'Bearer t', body: '{"a":1}' },
      });
    } finally {
      await close();
    }
  });

  it('refuses hosts outside the allow-list, failing the evaluation', async () => {
    const { policies, close } = policy(
      `p := http.send({"method": "get", "url": "http://127.0.0.1:${port}/"})`,
      ['idp.example'],
    );
    try {
      expect(() => policies.evaluate('t.p')).toThrow(RegoError);
      expect(() => policies.evaluate('t.p')).toThrow(/host not in the engine's allow-list/);
    } finally {
      await close();
    }
  });

  it('reports a network failure as an error object when the request says raise_error: false', async () => {
    const closed = await freePort();
    const { policies, close } = policy(
      `p := http.send({"method": "get", "url": "http://127.0.0.1:${closed}/", "raise_error": false})`,
      [`127.0.0.1:${closed}`],
    );
    try {
      expect(policies.evaluate('t.p')).toMatchObject({
        status_code: 0,
        error: { code: 'eval_http_send_network_error' },
      });
    } finally {
      await close();
    }
  });
});
