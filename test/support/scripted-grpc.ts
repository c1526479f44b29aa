/**
 * A scripted gRPC responder for the Topaz adapter's wire tests: an HTTP/2 server over TLS on a
 * free loopback port that answers each method of one request as the test scripts it — a message
 * (a server-streaming method: several), a gRPC status, silence, or either after a delay. It speaks only gRPC's framing; Topaz's behaviour is
 * not emulated (its error texts in tests are those of Topaz 0.33.16's source).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http2, { type ServerHttp2Session, type ServerHttp2Stream } from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  create,
  type DescMessage,
  type DescMethodServerStreaming,
  type DescMethodUnary,
  fromBinary,
  type MessageInitShape,
  type MessageShape,
  toBinary,
} from '@bufbuild/protobuf';

import { loopbackCertificate } from './loopback-tls.ts';
/** What the responder does with one call. */
export type ScriptedReply<O extends DescMessage> =
  | { readonly message: MessageInitShape<O>; readonly delayMs?: number }
  | { readonly messages: readonly MessageInitShape<O>[]; readonly delayMs?: number }
  | { readonly status: number; readonly text: string; readonly delayMs?: number }
  | 'silent';

type Handler = (request: unknown) => ScriptedReply<DescMessage> | Promise<ScriptedReply<DescMessage>>;

/** A running responder. */
export interface ScriptedGrpcServer {
  /** `127.0.0.1:<port>`. */
  readonly url: string;
  /** A PEM file of the self-signed certificate, to pass as `caFile`. */
  readonly caFile: string;
  /** Scripts a method (replacing an earlier script). */
  on<I extends DescMessage, O extends DescMessage>(
    method: DescMethodUnary<I, O> | DescMethodServerStreaming<I, O>,
    handler: (request: MessageShape<I>) => ScriptedReply<O> | Promise<ScriptedReply<O>>,
  ): void;
  /** Requests received per method name (e.g. `GetGraph`), decoded, in arrival order. */
  requests(methodName: string): unknown[];
  /** Calls being answered right now (streams open), and the most seen at once. */
  readonly inFlight: number;
  readonly maxInFlight: number;
  /** HTTP/2 sessions (connections) opened so far. */
  readonly sessionsOpened: number;
  /** Drops every connection (the client sees a reset). */
  dropConnections(): void;
  stop(): Promise<void>;
}

function frame(bytes: Uint8Array): Buffer {
  const framed = Buffer.alloc(5 + bytes.byteLength);
  framed.writeUInt32BE(bytes.byteLength, 1);
  framed.set(bytes, 5);
  return framed;
}

/** Starts a responder on a free loopback port; `stop()` it in `afterAll`. */
export async function startScriptedGrpcServer(): Promise<ScriptedGrpcServer> {
  const tls = await loopbackCertificate();
  const dir = await mkdtemp(path.join(tmpdir(), 'gatehouse-grpc-'));
  const caFile = path.join(dir, 'ca.pem');
  await writeFile(caFile, tls.cert);
  const methods = new Map<string, { method: DescMethodUnary<DescMessage, DescMessage>; handler: Handler }>();
  const received = new Map<string, unknown[]>();
  const sessions = new Set<ServerHttp2Session>();
  let inFlight = 0;
  let maxInFlight = 0;
  let sessionsOpened = 0;

  const answer = async (stream: ServerHttp2Stream, route: string, body: Buffer) => {
    const script = methods.get(route);
    if (!script) {
      stream.respond(
        { ':status': 200, 'content-type': 'application/grpc', 'grpc-status': '12' },
        { endStream: true },
      );
      return;
    }
    const request = fromBinary(script.method.input, body.subarray(5));
    const list = received.get(script.method.name) ?? [];
    list.push(request);
    received.set(script.method.name, list);
    const reply = await script.handler(request);
    if (reply === 'silent') return;
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (stream.closed || stream.destroyed) return;
    if ('status' in reply) {
      stream.respond(
        {
          ':status': 200,
          'content-type': 'application/grpc+proto',
          'grpc-status': String(reply.status),
          'grpc-message': encodeURIComponent(reply.text),
        },
        { endStream: true },
      );
      return;
    }
    const output = 'messages' in reply ? reply.messages : [reply.message];
    const frames = output.map((message) =>
      frame(toBinary(script.method.output, create(script.method.output, message))),
    );
    stream.respond({ ':status': 200, 'content-type': 'application/grpc+proto' }, { waitForTrailers: true });
    stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
    stream.end(Buffer.concat(frames));
  };

  const server = http2.createSecureServer({ cert: tls.cert, key: tls.private });
  server.on('session', (session) => {
    sessionsOpened++;
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
    session.on('error', () => {});
  });
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    stream.on('close', () => inFlight--);
    stream.on('error', () => {});
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      answer(stream, String(headers[':path']), Buffer.concat(chunks)).catch(() => stream.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `127.0.0.1:${(server.address() as { port: number }).port}`;

  return {
    url,
    caFile,
    on(method, handler) {
      methods.set(`/${method.parent.typeName}/${method.name}`, {
        method: method as unknown as DescMethodUnary<DescMessage, DescMessage>,
        handler: handler as Handler,
      });
    },
    requests: (name) => received.get(name) ?? [],
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    get sessionsOpened() {
      return sessionsOpened;
    },
    dropConnections() {
      for (const session of sessions) session.destroy();
    },
    async stop() {
      for (const session of sessions) session.destroy();
      await new Promise((resolve) => server.close(resolve));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
