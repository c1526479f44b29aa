/**
 * The Topaz decision service over the wire, against a scripted gRPC responder: what it sends for a
 * decision, how it reads answers and Topaz's error statuses, deadlines, an unreachable server, and
 * the connection pool. The responder speaks only the gRPC framing; Topaz's behaviour is not
 * emulated — its error texts are those of Topaz 0.33.16's source (see topaz-failure.ts).
 */
import {
  Authorizer,
  type IsRequestSchema,
} from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/authorizer_pb.js';
import type { MessageShape } from '@bufbuild/protobuf';
import type { DecisionQuery, DecisionServiceError } from '@gatehousejs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedGrpcServer, startScriptedGrpcServer } from '../../test/support/scripted-grpc.ts';
import { QUERY_RESOURCES } from './batch-query.ts';
import { createTopazDecisionService } from './index.ts';

type IsRequest = MessageShape<typeof IsRequestSchema>;
/** What the responder does with an `Is` call: decisions to answer, a gRPC status, or silence. */
type Reply = { decisions: Record<string, boolean> } | { status: number; message: string } | 'silent';

let responder: ScriptedGrpcServer;
let reply: (request: IsRequest) => Reply = () => ({ decisions: { allowed: true } });
/** The packages ListPolicies answers. */
let loaded: string[] = [];
const requests = () => responder.requests('Is') as IsRequest[];

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
  responder = await startScriptedGrpcServer();
  responder.on(Authorizer.method.is, (request) => {
    const answer = reply(request);
    if (answer === 'silent') return 'silent';
    if ('status' in answer) return { status: answer.status, text: answer.message };
    return {
      message: { decisions: Object.entries(answer.decisions).map(([decision, is]) => ({ decision, is })) },
    };
  });
  responder.on(Authorizer.method.listPolicies, () => ({
    message: { result: loaded.map((name) => ({ packagePath: `data.${name}` })) },
  }));
});

afterAll(async () => {
  await responder?.stop();
});

const adapter = (options: { timeoutMs?: number; maxConnections?: number } = {}) =>
  createTopazDecisionService({
    url: responder.url,
    caFile: responder.caFile,
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
      const sent = requests().at(-1);
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
      // The same answer for a package Topaz has loaded: the decision is undefined there, so false.
      loaded = ['webapp.GET.api.documents.__id'];
      const knowing = adapter();
      expect(await knowing.decide(ask())).toEqual({ allowed: false });
      await knowing.close();
      loaded = [];
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
    const nowhere = createTopazDecisionService({
      url: '127.0.0.1:1',
      caFile: responder.caFile,
      policyInstanceName: 'webapp',
    });
    try {
      expect((await failure(nowhere.decide(ask()))).code).toBe('service_unavailable');
    } finally {
      await nowhere.close();
    }
  });

  it('reuses one connection for sequential calls and opens at most maxConnections for concurrent ones', async () => {
    reply = () => ({ decisions: { allowed: true } });
    const sequential = adapter({ maxConnections: 4 });
    const before = responder.sessionsOpened;
    try {
      for (let i = 0; i < 20; i++) await sequential.decide(ask());
      expect(responder.sessionsOpened - before).toBe(1);
    } finally {
      await sequential.close();
    }
    reply = () => 'silent';
    const concurrent = adapter({ maxConnections: 3, timeoutMs: 300 });
    const start = responder.sessionsOpened;
    try {
      const calls = Array.from({ length: 12 }, () => concurrent.decide(ask()).catch(() => undefined));
      await Promise.all(calls);
      expect(responder.sessionsOpened - start).toBeLessThanOrEqual(3);
    } finally {
      await concurrent.close();
    }
  });

  it('puts a batch to one Query per identity and path, each resource context once, answers in order', async () => {
    const topaz = adapter();
    responder.on(Authorizer.method.query, (request) => {
      const resources = (JSON.parse(request.input) as { gatehouse_batch: { id: string }[] }).gatehouse_batch;
      // Topaz's answer: the bindings of the one result, [position, value] pairs per decision.
      const pairs = resources.map((r, i) => [i, Number(r.id) % 2 === 0]);
      return { message: { response: { result: [{ expressions: [], bindings: { x0: pairs } }] } } };
    });
    try {
      const queries = ['2', '3', '2', '4'].map((id) => ask({ resourceContext: { id } }));
      const other = ask({
        identity: { type: 'IDENTITY_TYPE_SUB', value: 'bob' },
        resourceContext: { id: '6' },
      });
      const before = responder.requests('Query').length;
      const answers = await topaz.decideBatch([...queries, other]);
      expect(answers.map((a) => a.allowed)).toEqual([true, false, true, true, true]);
      const sent = responder.requests('Query').slice(before) as { query: string; input: string }[];
      expect(sent).toHaveLength(2);
      expect(sent[0]?.query).toBe(
        'x0 = [[i, v] | r := input.gatehouse_batch[i]; v := data.webapp.GET.api.documents.__id.allowed with input.resource as r]',
      );
      expect(JSON.parse(sent[0]?.input ?? '')).toEqual({
        gatehouse_batch: [{ id: '2' }, { id: '3' }, { id: '4' }],
      });
    } finally {
      await topaz.close();
    }
  });

  it('puts a large batch to Query calls of at most QUERY_RESOURCES resources, one after another', async () => {
    const topaz = adapter();
    let inFlight = 0;
    let mostInFlight = 0;
    responder.on(Authorizer.method.query, async (request) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      const resources = (JSON.parse(request.input) as { gatehouse_batch: { id: string }[] }).gatehouse_batch;
      const pairs = resources.map((r, i) => [i, Number(r.id) % 3 === 0]);
      return { message: { response: { result: [{ expressions: [], bindings: { x0: pairs } }] } } };
    });
    try {
      const ids = Array.from({ length: 2 * QUERY_RESOURCES + 10 }, (_, i) => String(i));
      const before = responder.requests('Query').length;
      const answers = await topaz.decideBatch(ids.map((id) => ask({ resourceContext: { id } })));
      expect(answers.map((a) => a.allowed)).toEqual(ids.map((id) => Number(id) % 3 === 0));
      const sent = responder.requests('Query').slice(before) as { input: string }[];
      expect(
        sent.map((r) => (JSON.parse(r.input) as { gatehouse_batch: unknown[] }).gatehouse_batch.length),
      ).toEqual([QUERY_RESOURCES, QUERY_RESOURCES, 10]);
      expect(mostInFlight).toBe(1);
    } finally {
      await topaz.close();
    }
  });

  it('refuses a policy path that is not made of Rego names before calling', async () => {
    const topaz = adapter();
    try {
      const bad = ask({ policyPath: 'webapp.GET.x] | true; y := [1' });
      const error = await failure(topaz.decideBatch([bad, bad]));
      expect(error.code).toBe('invalid_request');
    } finally {
      await topaz.close();
    }
  });
});
