import http2, { constants, type IncomingHttpHeaders, type ServerHttp2Stream } from 'node:http2';
import {
  Authorizer,
  InfoResponseSchema,
} from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/authorizer_pb.js';
import {
  GetManifestResponseSchema,
  Model,
} from '@aserto/node-directory/src/gen/cjs/aserto/directory/model/v3/model_pb.js';
import { create, toBinary } from '@bufbuild/protobuf';
import { Code, createClient } from '@connectrpc/connect';
import { Http2SessionManager } from '@connectrpc/connect-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectFailure, loopbackCertificate } from '../../test/support/loopback-tls.ts';
import { createGrpcUnaryTransport } from './grpc-unary-transport.ts';

/** What the scripted server does with the next call. */
type Script = (stream: ServerHttp2Stream, headers: IncomingHttpHeaders, body: Buffer) => void;

const info = create(InfoResponseSchema, { version: '0.33.16', commit: 'abc' });

function frame(bytes: Uint8Array, flags = 0): Buffer {
  const out = Buffer.alloc(5 + bytes.byteLength);
  out.writeUInt8(flags, 0);
  out.writeUInt32BE(bytes.byteLength, 1);
  out.set(bytes, 5);
  return out;
}

/** Answers with one message and the given trailers. */
const answer =
  (message: Buffer, trailers: Record<string, string> = { 'grpc-status': '0' }): Script =>
  (stream) => {
    stream.respond({ ':status': 200, 'content-type': 'application/grpc+proto' }, { waitForTrailers: true });
    stream.on('wantTrailers', () => stream.sendTrailers(trailers));
    stream.end(message);
  };

let server: http2.Http2SecureServer;
let ca: string;
let script: Script = answer(frame(toBinary(InfoResponseSchema, info)));
const seen: { headers: IncomingHttpHeaders; body: Buffer; closed: Promise<void> }[] = [];
const managers: Http2SessionManager[] = [];

function client(headers: Record<string, string> = {}) {
  const { port } = server.address() as { port: number };
  const sessionManager = new Http2SessionManager(`https://127.0.0.1:${port}`, undefined, { ca });
  managers.push(sessionManager);
  const transport = createGrpcUnaryTransport({ sessionManager, headers });
  return { authorizer: createClient(Authorizer, transport), model: createClient(Model, transport) };
}

beforeAll(async () => {
  const tls = await loopbackCertificate();
  ca = tls.cert;
  server = http2.createSecureServer({ cert: tls.cert, key: tls.private });
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    const closed = new Promise<void>((resolve) => stream.on('close', resolve));
    // Resets and cancellations are what some cases are about.
    stream.on('error', () => {});
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ headers, body, closed });
      script(stream, headers, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  for (const manager of managers) manager.abort();
  await new Promise((resolve) => server.close(resolve));
});

describe('gRPC unary transport', () => {
  it('sends one framed message with gRPC headers, the fixed headers and the deadline, and decodes the answer', async () => {
    script = answer(frame(toBinary(InfoResponseSchema, info)));
    const response = await client({ authorization: 'basic k3y', 'aserto-tenant-id': 't1' }).authorizer.info(
      {},
      { timeoutMs: 2_000, headers: { 'x-call': 'one' } },
    );
    expect(response.version).toBe('0.33.16');
    expect(response.commit).toBe('abc');
    const last = seen.at(-1);
    expect(last?.headers[':path']).toBe('/aserto.authorizer.v2.Authorizer/Info');
    expect(last?.headers['content-type']).toBe('application/grpc+proto');
    expect(last?.headers.te).toBe('trailers');
    expect(last?.headers['grpc-timeout']).toMatch(/^\d+m$/);
    expect(last?.headers.authorization).toBe('basic k3y');
    expect(last?.headers['aserto-tenant-id']).toBe('t1');
    expect(last?.headers['x-call']).toBe('one');
    // An empty InfoRequest is a zero-length message behind the 5-byte prefix.
    expect([...(last?.body ?? [])]).toEqual([0, 0, 0, 0, 0]);
  });

  it('reports the status of a trailers-only answer, message decoded', async () => {
    script = (stream) =>
      stream.respond(
        {
          ':status': 200,
          'content-type': 'application/grpc+proto',
          'grpc-status': String(Code.InvalidArgument),
          'grpc-message': 'E30008 invalid argument%3A identity context not set',
        },
        { endStream: true },
      );
    const error = await connectFailure(client().authorizer.info({}));
    expect(error.code).toBe(Code.InvalidArgument);
    expect(error.rawMessage).toBe('E30008 invalid argument: identity context not set');
  });

  it('reports an error status sent in the trailers', async () => {
    script = answer(Buffer.alloc(0), { 'grpc-status': String(Code.NotFound), 'grpc-message': 'no policy' });
    const error = await connectFailure(client().authorizer.info({}));
    expect(error.code).toBe(Code.NotFound);
    expect(error.rawMessage).toBe('no policy');
  });

  it('rejects an answer without a status, a compressed message and a missing message as protocol errors', async () => {
    script = answer(frame(toBinary(InfoResponseSchema, info)), {});
    expect((await connectFailure(client().authorizer.info({}))).rawMessage).toMatch(/missing status/);
    script = answer(frame(toBinary(InfoResponseSchema, info), 1));
    expect((await connectFailure(client().authorizer.info({}))).code).toBe(Code.Internal);
    script = answer(Buffer.alloc(0));
    expect((await connectFailure(client().authorizer.info({}))).code).toBe(Code.Unimplemented);
  });

  it('maps an HTTP error status without a gRPC status to its gRPC code', async () => {
    script = (stream) => stream.respond({ ':status': 503 }, { endStream: true });
    expect((await connectFailure(client().authorizer.info({}))).code).toBe(Code.Unavailable);
  });

  it('maps a stream the server refuses to unavailable', async () => {
    script = (stream) => stream.close(constants.NGHTTP2_REFUSED_STREAM);
    expect((await connectFailure(client().authorizer.info({}))).code).toBe(Code.Unavailable);
  });

  it('fails at the deadline and cancels the stream at the server', async () => {
    script = () => {};
    const error = await connectFailure(client().authorizer.info({}, { timeoutMs: 100 }));
    expect(error.code).toBe(Code.DeadlineExceeded);
    await seen.at(-1)?.closed;
  });

  it('fails as canceled when the caller aborts', async () => {
    script = () => {};
    const controller = new AbortController();
    const call = client().authorizer.info({}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await connectFailure(call)).code).toBe(Code.Canceled);
    await seen.at(-1)?.closed;
  });

  it('reports a server that cannot be reached as unavailable', async () => {
    const sessionManager = new Http2SessionManager('https://127.0.0.1:1', undefined, { ca });
    managers.push(sessionManager);
    const unreachable = createClient(Authorizer, createGrpcUnaryTransport({ sessionManager, headers: {} }));
    expect((await connectFailure(unreachable.info({}))).code).toBe(Code.Unavailable);
  });

  it('reads every message of a server-streaming answer to one request, in order', async () => {
    const part = (msg: Parameters<typeof create<typeof GetManifestResponseSchema>>[1]) =>
      frame(toBinary(GetManifestResponseSchema, create(GetManifestResponseSchema, msg)));
    script = answer(
      Buffer.concat([
        part({ msg: { case: 'metadata', value: { etag: 'e1' } } }),
        part({ msg: { case: 'body', value: { data: Buffer.from('model:\n') } } }),
        part({ msg: { case: 'body', value: { data: Buffer.from('  version: 3\n') } } }),
      ]),
    );
    const cases: string[] = [];
    let text = '';
    for await (const response of client().model.getManifest({})) {
      cases.push(response.msg.case ?? '');
      if (response.msg.case === 'body') text += Buffer.from(response.msg.value.data).toString();
    }
    expect(cases).toEqual(['metadata', 'body', 'body']);
    expect(text).toBe('model:\n  version: 3\n');
    expect(seen.at(-1)?.headers[':path']).toBe('/aserto.directory.model.v3.Model/GetManifest');
  });

  it('reports the status that ends a server-streaming answer', async () => {
    script = answer(Buffer.alloc(0), { 'grpc-status': '5', 'grpc-message': 'not found' });
    const read = async () => {
      for await (const _ of client().model.getManifest({})) {
        // nothing arrives
      }
    };
    expect((await connectFailure(read())).code).toBe(Code.NotFound);
  });

  it('refuses client-streaming methods, which the adapter never calls', async () => {
    const error = await connectFailure(client().model.setManifest((async function* () {})()));
    expect(error.code).toBe(Code.Unimplemented);
  });
});
