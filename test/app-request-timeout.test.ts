/**
 * A client that trickles its request body — a byte every two seconds, never finishing — is
 * answered 408 and disconnected once 30 seconds have passed, instead of holding a connection and
 * a handler for Node's default of five minutes.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../app/stack/loopback-server.ts';
import { type ApiCall, apiClient } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe('request bodies that never end', () => {
  let app: TestApp;
  let alice: ApiCall;
  let cookie: string;

  beforeAll(async () => {
    app = await startTestApp();
    const client = await app.signIn('alice');
    alice = apiClient(client);
    cookie = client.browser.jar.header(new URL(app.url)) ?? '';
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('answers a signed-in trickling body 408 and closes the connection within the request timeout', async () => {
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(30_000);
    const { port } = new URL(app.url);
    const socket = connect(Number(port), '127.0.0.1');
    const started = Date.now();
    const answer = new Promise<{ text: string; seconds: number }>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
      });
      socket.on('close', () => resolve({ text, seconds: (Date.now() - started) / 1000 }));
      socket.on('error', () => {});
    });
    socket.write(
      `POST /api/documents HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
    );
    const trickle = setInterval(() => socket.write(' '), 2000);
    const { text, seconds } = await answer.finally(() => clearInterval(trickle));
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(seconds).toBeLessThan(REQUEST_TIMEOUT_MS / 1000 + 5);
    // Nothing of it was stored; the server still answers everyone else.
    expect((await alice('GET', '/api/documents')).status).toBe(200);
  }, 60_000);
});
