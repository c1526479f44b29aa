import { Agent, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkedGet } from './app-http-client.ts';

let server: Server | undefined;
let agent: Agent | undefined;
afterEach(async () => {
  agent?.destroy();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  server = undefined;
});

/**
 * A server answering `[1, 2]`, except that `reset(n, reused)` (the n-th request overall, and
 * whether its connection had served one before) says to drop the connection without an answer.
 */
async function listening(reset: (n: number, reused: boolean) => boolean, status = 200): Promise<number> {
  let n = 0;
  const served = new WeakSet<object>();
  server = createServer((req, res) => {
    n++;
    const reused = served.has(req.socket);
    served.add(req.socket);
    if (reset(n, reused)) return req.socket.destroy();
    res.writeHead(status, { 'content-type': 'application/json' }).end('[1,2]');
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return (server.address() as AddressInfo).port;
}

describe('checkedGet', () => {
  it('sends a GET again, once, when a kept-alive connection turns out closed, and counts it', async () => {
    const port = await listening((_, reused) => reused);
    const retries = { retried: 0 };
    const send = checkedGet({ port, path: '/list', cookie: 'sid=1', agent: agent!, retries, items: 2 });
    // A new pooled connection, then the same one again (reset, retried); twice.
    for (let i = 0; i < 4; i++) await send();
    expect(retries.retried).toBe(2);
  });

  it('fails when the retry on a new connection fails too, naming it', async () => {
    const port = await listening((n) => n > 1);
    const retries = { retried: 0 };
    const send = checkedGet({ port, path: '/list', cookie: 'sid=1', agent: agent!, retries });
    await send();
    await expect(send()).rejects.toThrow(/GET \/list failed again on a new connection/);
    expect(retries.retried).toBe(1);
  });

  it('never retries a reset on a new connection, a wrong status or a wrong count', async () => {
    const reset = await listening(() => true);
    const retries = { retried: 0 };
    await expect(
      checkedGet({ port: reset, path: '/a', cookie: '', agent: agent!, retries })(),
    ).rejects.toThrow(/socket hang up|ECONNRESET/);
    await new Promise<void>((done) => server!.close(() => done()));
    const failing = await listening(() => false, 500);
    await expect(
      checkedGet({ port: failing, path: '/b', cookie: '', agent: agent!, retries })(),
    ).rejects.toThrow('GET /b: status 500');
    await new Promise<void>((done) => server!.close(() => done()));
    const short = await listening(() => false);
    await expect(
      checkedGet({ port: short, path: '/c', cookie: '', agent: agent!, retries, items: 3 })(),
    ).rejects.toThrow('GET /c: 2 items, expected 3');
    expect(retries.retried).toBe(0);
  });
});
