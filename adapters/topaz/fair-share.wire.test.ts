/**
 * One user's lists never make another user's single decision wait behind them: against a scripted
 * gRPC responder whose `Query` (a list's slice) takes 1 s, ten lists at once keep every bulk
 * connection busy and more slices queued, while single decisions (`Is`) of another user go first
 * on the connection kept back for them.
 */
import { Authorizer } from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/authorizer_pb.js';
import type { DecisionQuery } from '@gatehousejs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedGrpcServer, startScriptedGrpcServer } from '../../test/support/scripted-grpc.ts';
import { QUERY_RESOURCES } from './batch-query.ts';
import { bulkShare } from './connection-pool.ts';
import { createTopazDecisionService } from './index.ts';

const SLICE_MS = 1_000;
const POOL = 5;
const LISTS = 10;

let responder: ScriptedGrpcServer;
let slicesInFlight = 0;
let mostSlicesInFlight = 0;

beforeAll(async () => {
  responder = await startScriptedGrpcServer();
  responder.on(Authorizer.method.query, async (request) => {
    slicesInFlight++;
    mostSlicesInFlight = Math.max(mostSlicesInFlight, slicesInFlight);
    await new Promise((resolve) => setTimeout(resolve, SLICE_MS));
    slicesInFlight--;
    const resources = (JSON.parse(request.input) as { gatehouse_batch: unknown[] }).gatehouse_batch;
    return { message: { response: { result: [{ bindings: { x0: resources.map((_, i) => [i, true]) } }] } } };
  });
  responder.on(Authorizer.method.is, () => ({ message: { decisions: [{ decision: 'allowed', is: true }] } }));
});

afterAll(async () => {
  await responder?.stop();
});

const check = (user: string, id: string): DecisionQuery => ({
  identity: { type: 'IDENTITY_TYPE_SUB', value: user },
  policyPath: 'webapp.GET.api.documents.__id',
  decisions: ['allowed'],
  resourceContext: { id },
});

describe("a list's bulk calls and other users' single decisions", () => {
  it('serves single decisions ahead of queued list slices, on a connection lists never take', async () => {
    const topaz = createTopazDecisionService({
      url: responder.url,
      caFile: responder.caFile,
      policyInstanceName: 'webapp',
      timeoutMs: 10_000,
      pool: { minConnections: 0, maxConnections: POOL },
    });
    try {
      // Ten lists of two slices each: twenty slices of 1 s on four bulk connections (~5 s).
      const rows = Array.from({ length: 2 * QUERY_RESOURCES }, (_, i) => check('bob', String(i)));
      const lists = Array.from({ length: LISTS }, () => topaz.decideBatch(rows));
      const singles: number[] = [];
      for (let i = 0; i < 10; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const started = performance.now();
        expect(await topaz.decide(check('alice', 'a1'))).toEqual({ allowed: true });
        singles.push(performance.now() - started);
      }
      const answered = await Promise.all(lists);
      expect(answered.every((list) => list.length === rows.length && list.every((d) => d.allowed))).toBe(
        true,
      );
      expect(mostSlicesInFlight).toBe(bulkShare(POOL));
      expect(responder.maxInFlight).toBeLessThanOrEqual(POOL);
      // Waiting first in line behind the queued slices would take at least one slice (1 s);
      // each single decision was answered before any slice could end.
      expect(singles.filter((ms) => ms >= SLICE_MS)).toEqual([]);
    } finally {
      await topaz.close();
    }
  });
});
