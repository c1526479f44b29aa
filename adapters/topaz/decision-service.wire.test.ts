/**
 * The Topaz decision service over the wire, against a scripted gRPC responder: what it sends for a
 * decision, how it reads answers and Topaz's error statuses, deadlines, an unreachable server, and
 * the connection pool. The responder speaks only the gRPC framing; Topaz's behaviour is not
 * emulated — its error texts are those of Topaz 0.33.16's source (see topaz-failure.ts).
 */
import http2, { type ServerHttp2Session, type ServerHttp2Stream } from 'node:http2';
import {
  DecisionSchema,
  IsRequestSchema,
  IsResponseSchema,
} from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/authorizer_pb.js';
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import type { DecisionQuery, DecisionServiceError } from '@gatehousejs/core';
import selfsigned from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTopazDecisionService } from './index.ts';

type IsRequest = ReturnType<typeof fromBinary<typeof IsRequestSchema>>;
/** What the responder does with an `Is` call: decisions to answer, a gRPC status, or silence. */
type Reply = { decisions: Record<string, boolean> } | { status: number; message: string } | 'silent';

let server: http2.Http2SecureServer;
let caFile: string;
let url: string;
let reply: (request: IsRequest) => Reply = () => ({ decisions: { allowed: true } });
const requests: IsRequest[] = [];
const sessions = new Set<ServerHttp2Session>();
let sessionsOpened = 0;

function respond(stream: ServerHttp2Stream, request: IsRequest): void {
  const answer = reply(request);
  if (answer === 'silent') return;
  if ('status' in answer) {
    stream.respond(
      {
        ':status': 200,
        'content-type': 'application/grpc+proto',
        'grpc-status': String(answer.status),
        'grpc-message': encodeURIComponent(answer.message),
      },
      { endStream: true },
    );
    return;
  }
  const decisions = Object.entries(answer.decisions).map(([decision, is]) =>
    create(DecisionSchema, { decision, is }),
  );
  const message = toBinary(IsResponseSchema, create(IsResponseSchema, { decisions }));
  const framed = Buffer.alloc(5 + message.byteLength);
  framed.writeUInt32BE(message.byteLength, 1);
  framed.set(message, 5);
  stream.respond({ ':status': 200, 'content-type': 'application/grpc+proto' }, { waitForTrailers: true });
  stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
  stream.end(framed);
}

const ask = (overrides: Partial<DecisionQuery> = {}): DecisionQuery => ({
  identity: { type: 'IDENTITY_TYPE_SUB', value: 'alice' },
  policyPath: 'webapp.GET.api.documents.__id',
  decisions: ['allowed'],
  resourceContext: { id: '7' },
  ...overrides,
});

async function failure(call: Promise<unknown>): Promise<DecisionServiceError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toMatchObject({ name: 'DecisionServiceError' });
  return error as DecisionServiceError;
}

beforeAll(async () => {
  const tls = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(Date.now() - 60_000),
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const { mkdtemp, writeFile } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  caFile = path.join(await mkdtemp(path.join(tmpdir(), 'gatehouse-topaz-wire-')), 'ca.pem');
  await writeFile(caFile, tls.cert);
  server = http2.createSecureServer({ cert: tls.cert, key: tls.private });
  server.on('session', (session) => {
    sessionsOpened++;
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream) => {
    const chunks: Buffer[] = [];
    stream.on('error', () => {});
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const request = fromBinary(IsRequestSchema, Buffer.concat(chunks).subarray(5));
      requests.push(request);
      respond(stream, request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  for (const session of sessions) session.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const adapter = (options: { timeoutMs?: number; maxConnections?: number } = {}) =>
  createTopazDecisionService({
    url,
    caFile,
    policyInstanceName: 'webapp',
    timeoutMs: options.timeoutMs ?? 5_000,
    pool: { minConnections: 0, maxConnections: options.maxConnections ?? 4 },
  });

describe('the Topaz decision service on the wire', () => {
  it('sends the identity, policy path, decisions, resource and policy instance, and reads the answer', async () => {
    reply = () => ({ decisions: { allowed: true, visible: false } });
    const topaz = adapter();
    try {
      expect(await topaz.decide(ask({ decisions: ['allowed', 'visible'] }))).toEqual({
        allowed: true,
        visible: false,
      });
      const sent = requests.at(-1);
      expect(sent?.identityContext).toMatchObject({ identity: 'alice', type: 2 });
      expect(sent?.policyContext).toMatchObject({
        path: 'webapp.GET.api.documents.__id',
        decisions: ['allowed', 'visible'],
      });
      expect(sent?.resourceContext).toEqual({ id: '7' });
      expect(sent?.policyInstance?.name).toBe('webapp');
    } finally {
      await topaz.close();
    }
  });

  it("maps Topaz's statuses: invalid rule → policy_not_found, unresolved identity → invalid_request", async () => {
    const topaz = adapter();
    try {
      reply = () => ({
        status: 3,
        message: 'E30010 invalid query: invalid rule: "data.webapp.GET.x.allowed\\n"',
      });
      expect((await failure(topaz.decide(ask()))).code).toBe('policy_not_found');
      reply = () => ({
        status: 5,
        message: 'E30007 authentication failed: failed to resolve user from identity',
      });
      expect((await failure(topaz.decide(ask()))).code).toBe('invalid_request');
      reply = () => ({ status: 14, message: 'shutting down' });
      expect((await failure(topaz.decide(ask()))).code).toBe('service_unavailable');
    } finally {
      await topaz.close();
    }
  });

  it('gives up at the deadline (deadline_exceeded) and on an unreachable address (service_unavailable)', async () => {
    reply = () => 'silent';
    const slow = adapter({ timeoutMs: 200 });
    try {
      expect((await failure(slow.decide(ask()))).code).toBe('deadline_exceeded');
    } finally {
      await slow.close();
    }
    const nowhere = createTopazDecisionService({ url: '127.0.0.1:1', caFile, policyInstanceName: 'webapp' });
    try {
      expect((await failure(nowhere.decide(ask()))).code).toBe('service_unavailable');
    } finally {
      await nowhere.close();
    }
  });

  it('reuses one connection for sequential calls and opens at most maxConnections for concurrent ones', async () => {
    reply = () => ({ decisions: { allowed: true } });
    const sequential = adapter({ maxConnections: 4 });
    const before = sessionsOpened;
    try {
      for (let i = 0; i < 20; i++) await sequential.decide(ask());
      expect(sessionsOpened - before).toBe(1);
    } finally {
      await sequential.close();
    }
    reply = () => 'silent';
    const concurrent = adapter({ maxConnections: 3, timeoutMs: 300 });
    const start = sessionsOpened;
    try {
      const calls = Array.from({ length: 12 }, () => concurrent.decide(ask()).catch(() => undefined));
      await Promise.all(calls);
      expect(sessionsOpened - start).toBeLessThanOrEqual(3);
    } finally {
      await concurrent.close();
    }
  });
});
