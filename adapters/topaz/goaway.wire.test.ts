/**
 * A Topaz that goes away, scripted with node:http2: GOAWAY on an idle connection (a restart,
 * with and without an error code, and with a call made in the very tick it arrives — the case
 * that ended the process before every connection got an error listener), GOAWAY while a call
 * is in flight, and a server that closes.
 * The process keeps running (no uncaught error), the call in flight fails cleanly with a gRPC
 * code, and the next call reconnects — or, with nobody listening, fails as unavailable.
 */
import http2, { constants, type ServerHttp2Session, type ServerHttp2Stream } from 'node:http2';
import {
  Authorizer,
  InfoResponseSchema,
} from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/authorizer_pb.js';
import { create, toBinary } from '@bufbuild/protobuf';
import { Code, createClient } from '@connectrpc/connect';
import { Http2SessionManager } from '@connectrpc/connect-node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectFailure, loopbackCertificate } from '../../test/support/loopback-tls.ts';
import { createGrpcUnaryTransport } from './grpc-unary-transport.ts';

const info = toBinary(InfoResponseSchema, create(InfoResponseSchema, { version: '0.33.16' }));
const framed = Buffer.alloc(5 + info.byteLength);
framed.writeUInt32BE(info.byteLength, 1);
framed.set(info, 5);

let tls: { cert: string; private: string };
let server: http2.Http2SecureServer;
let port: number;
/** Sessions the server has accepted, newest last. */
let sessions: ServerHttp2Session[];
/** When set, the server holds the next call instead of answering it. */
let holdNext: ((stream: ServerHttp2Stream) => void) | undefined;
let sessionManager: Http2SessionManager;
let authorizer: ReturnType<typeof createClient<typeof Authorizer>>;
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);

function answer(stream: ServerHttp2Stream): void {
  stream.respond({ ':status': 200, 'content-type': 'application/grpc+proto' }, { waitForTrailers: true });
  stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
  stream.end(framed);
}

async function listen(onPort = 0): Promise<void> {
  sessions = [];
  server = http2.createSecureServer({ cert: tls.cert, key: tls.private });
  server.on('session', (session) => {
    sessions.push(session);
    session.on('error', () => {});
  });
  server.on('stream', (stream) => {
    stream.on('error', () => {});
    stream.resume();
    stream.on('end', () => {
      const hold = holdNext;
      holdNext = undefined;
      if (hold) hold(stream);
      else answer(stream);
    });
  });
  await new Promise<void>((resolve) => server.listen(onPort, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
}

const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));

/** A turn of the event loop and a little more: Node raises a session's error a tick after GOAWAY. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

async function version(): Promise<string> {
  return (await authorizer.info({}, { timeoutMs: 5_000 })).version;
}

beforeAll(async () => {
  tls = await loopbackCertificate();
  process.on('uncaughtException', onUncaught);
});

afterAll(() => {
  process.off('uncaughtException', onUncaught);
});

beforeEach(async () => {
  uncaught.length = 0;
  await listen();
  // As a pooled channel builds it (topaz-channel.ts), with the session manager at hand.
  sessionManager = new Http2SessionManager(`https://127.0.0.1:${port}`, undefined, { ca: tls.cert });
  authorizer = createClient(Authorizer, createGrpcUnaryTransport({ sessionManager, headers: {} }));
});

afterEach(async () => {
  sessionManager.abort();
  for (const session of sessions) session.destroy();
  if (server.listening) await stopListening();
});

describe('a Topaz that goes away', () => {
  it.each([
    ['without an error (a restart)', constants.NGHTTP2_NO_ERROR],
    ['with an error code', constants.NGHTTP2_INTERNAL_ERROR],
  ])('survives GOAWAY on an idle connection %s, and the next call reconnects', async (_, code) => {
    expect(await version()).toBe('0.33.16');
    sessions[0]?.goaway(code);
    await settle();
    expect(await version()).toBe('0.33.16');
    expect(sessions.length).toBe(2);
    await settle();
    expect(uncaught).toEqual([]);
  });

  it('survives a call made in the very tick GOAWAY arrives on an idle connection (the manager moves on before Node raises its error)', async () => {
    expect(await version()).toBe('0.33.16');
    // The client's session: a stream opened on it and cancelled at once.
    const probe = await sessionManager.request('POST', '/probe', {}, {});
    const session = probe.session;
    probe.close(constants.NGHTTP2_CANCEL);
    let next: Promise<string> | undefined;
    // Registered after the manager's own listener, which destroys the idle connection; the
    // error Node raises for that a tick later finds the manager already on a new connection.
    session?.once('goaway', () => {
      next = version();
    });
    sessions[0]?.goaway(constants.NGHTTP2_NO_ERROR);
    await vi.waitFor(() => expect(next).toBeDefined());
    expect(await next).toBe('0.33.16');
    await settle();
    expect(uncaught).toEqual([]);
  });

  it('fails a call in flight when Topaz sends GOAWAY and drops the connection, and the next call reconnects', async () => {
    expect(await version()).toBe('0.33.16');
    const held = new Promise<void>((resolve) => {
      holdNext = () => resolve();
    });
    const inFlight = connectFailure(version());
    await held;
    // A Topaz stopping hard: GOAWAY, then the connection is gone with the call unanswered.
    const sent = Date.now();
    sessions[0]?.goaway(constants.NGHTTP2_NO_ERROR);
    sessions[0]?.destroy();
    const error = await inFlight;
    expect(Date.now() - sent).toBeLessThan(2_000);
    expect(error.code, error.message).not.toBe(Code.DeadlineExceeded);
    expect(await version()).toBe('0.33.16');
    await settle();
    expect(uncaught).toEqual([]);
  });

  it('fails cleanly as unavailable once the server has closed, and reconnects when it is back', async () => {
    expect(await version()).toBe('0.33.16');
    const closed = stopListening();
    // Closing sends GOAWAY on every open session; the idle client connection then ends.
    for (const session of sessions) session.close();
    await closed;
    await settle();
    const error = await connectFailure(version());
    expect(error.code).toBe(Code.Unavailable);
    await listen(port);
    expect(await version()).toBe('0.33.16');
    await settle();
    expect(uncaught).toEqual([]);
  });
});
