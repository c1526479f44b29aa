import { request } from 'node:http';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServedApp, serveApp } from '../../test/support/serve-app.ts';
import { requestBodyLimit } from './request-body-limit.ts';

const MAX = 1000;

/** Sends `chunks` (chunked when `length` is absent) and returns the status and body. */
function send(
  url: string,
  method: string,
  chunks: readonly string[],
  length?: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'content-type': 'application/json' };
    if (length !== undefined) headers['content-length'] = length;
    const req = request(`${url}/api/echo`, { method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    // A refused body may be answered before it is all sent; the answer is what counts.
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('the limit on API request bodies, over real HTTP', () => {
  let served: ServedApp;
  beforeAll(async () => {
    const app = new Hono();
    app.use(
      '/api/*',
      requestBodyLimit({ maxSize: MAX, onError: (c) => c.json({ detail: 'too large' }, 413) }),
    );
    app.post('/api/echo', async (c) => c.json({ got: await c.req.json() }));
    app.delete('/api/echo', (c) => c.body(null, 204));
    served = await serveApp(app, 0);
  });
  afterAll(() => served.close());

  it('passes a body within the limit, of declared length or chunked', async () => {
    const small = JSON.stringify({ text: 'x'.repeat(100) });
    expect(await send(served.url, 'POST', [small], Buffer.byteLength(small))).toEqual({
      status: 200,
      body: JSON.stringify({ got: { text: 'x'.repeat(100) } }),
    });
    expect(await send(served.url, 'POST', [small.slice(0, 50), small.slice(50)])).toMatchObject({
      status: 200,
    });
  });

  it('refuses a larger body whether its length is declared or it comes in chunks', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(MAX) });
    expect(await send(served.url, 'POST', [big], Buffer.byteLength(big))).toEqual({
      status: 413,
      body: JSON.stringify({ detail: 'too large' }),
    });
    const chunks = Array.from({ length: 20 }, () => 'y'.repeat(100));
    expect(await send(served.url, 'POST', chunks)).toMatchObject({ status: 413 });
  });

  it('lets a request without a body through', async () => {
    expect(await send(served.url, 'DELETE', [])).toEqual({ status: 204, body: '' });
  });
});
