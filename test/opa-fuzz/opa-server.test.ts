import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpaOracle, startOpaOracle } from './opa-server.ts';

/**
 * A stand-in for `opa run --server`: it answers its health check and loads policies, then
 * answers a query with its own process id — unless the policy says `# hang` (it never answers)
 * or `# grow` (it takes 200 MB and never answers), as OPA does on a program it stalls on.
 */
const FAKE_OPA = `#!/usr/bin/env node
const http = require('node:http');
const addr = process.argv[process.argv.indexOf('--addr') + 1];
const [host, port] = addr.split(':');
let policy = '';
const held = [];
http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => { body += c; });
  req.on('end', () => {
    if (req.url === '/health') return res.end('{}');
    if (req.method === 'PUT' && req.url.startsWith('/v1/policies/')) policy = body;
    if (req.method !== 'POST') return res.end('{}');
    if (policy.includes('# hang')) return;
    if (policy.includes('# grow')) { held.push(Buffer.alloc(200 * 1024 * 1024, 1)); return; }
    res.end(JSON.stringify({ result: process.pid }));
  });
}).listen(Number(port), host);
`;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the OPA oracle on a program OPA stalls on', () => {
  let dir: string;
  let fakeOpa: string;
  let oracle: OpaOracle | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fake-opa-'));
    fakeOpa = path.join(dir, 'opa.cjs');
    await writeFile(fakeOpa, FAKE_OPA);
    await chmod(fakeOpa, 0o755);
  });
  afterAll(async () => {
    await oracle?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers stalled past the deadline, kills that OPA and goes on with a fresh one', async () => {
    oracle = await startOpaOracle(fakeOpa, { deadlineMs: 1500 });
    const [before] = await oracle.evaluate('package t\nr := 1', ['t.r', 't.s'], {});
    expect(before).toMatchObject({ kind: 'result' });
    const stuckPid = (before as { value: number }).value;

    const started = performance.now();
    const stalled = await oracle.evaluate('package t\n# hang\nr := 1', ['t.r', 't.s'], {});
    expect(stalled).toEqual([
      { kind: 'stalled', reason: 'no answer within 1.5 s' },
      { kind: 'stalled', reason: 'no answer within 1.5 s' },
    ]);
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(alive(stuckPid)).toBe(false);

    const [after] = await oracle.evaluate('package t\nr := 1', ['t.r'], {});
    expect(after).toMatchObject({ kind: 'result' });
    expect((after as { value: number }).value).not.toBe(stuckPid);
    await oracle.stop();
    oracle = undefined;
  });

  it('gives a program up as soon as OPA passes its memory limit', async () => {
    oracle = await startOpaOracle(fakeOpa, { deadlineMs: 60_000, memoryBytes: 150 * 1024 ** 2 });
    const started = performance.now();
    const [stalled] = await oracle.evaluate('package t\n# grow\nr := 1', ['t.r'], {}, { regoVersion: 'v0' });
    expect(stalled).toEqual({ kind: 'stalled', reason: "OPA's memory passed 150 MiB" });
    expect(performance.now() - started).toBeLessThan(30_000);
    const [after] = await oracle.evaluate('package t\nr := 1', ['t.r'], {}, { regoVersion: 'v0' });
    expect(after).toMatchObject({ kind: 'result' });
    await oracle.stop();
    oracle = undefined;
  });
});
