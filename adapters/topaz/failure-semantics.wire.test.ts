/**
 * The failure semantics of the Topaz adapter against a scripted gRPC responder: calls in flight
 * bounded by the pool (a call waits for a connection, its deadline counts from sending), a caller
 * that gives up is `cancelled`, Topaz's E30007 forced by its own deadline is transient, and an
 * early E30007 is believed only when asked twice.
 */
import { Authorizer } from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/authorizer_pb.js';
import type { DecisionQuery, DecisionServiceError } from '@gatehousejs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedGrpcServer, startScriptedGrpcServer } from '../../test/support/scripted-grpc.ts';
import { createTopazDecisionService } from './index.ts';

let responder: ScriptedGrpcServer;

beforeAll(async () => {
  responder = await startScriptedGrpcServer();
});

afterAll(async () => {
  await responder?.stop();
});

const query: DecisionQuery = {
  identity: { type: 'IDENTITY_TYPE_SUB', value: 'alice' },
  policyPath: 'webapp.GET.api.documents',
  decisions: ['allowed'],
  resourceContext: {},
};

const E30007 = 'E30007 authentication failed: failed to resolve user from identity';

const service = (timeoutMs: number, maxConnections: number) =>
  createTopazDecisionService({
    url: responder.url,
    caFile: responder.caFile,
    policyInstanceName: 'webapp',
    timeoutMs,
    pool: { minConnections: 0, maxConnections },
  });

const failure = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (e: unknown) => e as DecisionServiceError,
  );

describe('Topaz calls and the pool', () => {
  it('keeps calls in flight within the pool and lets each wait: none fails for lack of a connection', async () => {
    responder.on(Authorizer.method.is, () => ({
      message: { decisions: [{ decision: 'allowed', is: true }] },
      delayMs: 40,
    }));
    // 40 calls of 40 ms on 2 connections take ~800 ms, twice the 400 ms deadline of each.
    const topaz = service(400, 2);
    try {
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: 40 }, () => topaz.decide(query)));
      expect(answers.every((a) => a.allowed)).toBe(true);
      expect(Date.now() - started).toBeGreaterThan(400);
      expect(responder.maxInFlight).toBeLessThanOrEqual(2);
    } finally {
      await topaz.close();
    }
  });

  it('reports a call the caller gave up as cancelled, waiting or in flight', async () => {
    responder.on(Authorizer.method.is, () => 'silent');
    const topaz = service(5_000, 1);
    try {
      const inFlight = new AbortController();
      const waiting = new AbortController();
      const first = failure(topaz.decide(query, { signal: inFlight.signal }));
      const second = failure(topaz.decide(query, { signal: waiting.signal }));
      await new Promise((resolve) => setTimeout(resolve, 100));
      waiting.abort();
      inFlight.abort();
      expect((await second)?.code).toBe('cancelled');
      expect((await first)?.code).toBe('cancelled');
      expect((await first)?.transient).toBe(false);
    } finally {
      await topaz.close();
    }
  });

  it('answers E30007 that Topaz sent as its deadline ran out with deadline_exceeded, not a denial', async () => {
    responder.on(Authorizer.method.is, () => ({ status: 5, text: E30007, delayMs: 285 }));
    const topaz = service(300, 2);
    try {
      const asked = responder.requests('Is').length;
      const error = await failure(topaz.decide(query));
      expect(error?.code).toBe('deadline_exceeded');
      expect(error?.transient).toBe(true);
      // The deadline is spent: it is not asked again.
      expect(responder.requests('Is').length - asked).toBe(1);
    } finally {
      await topaz.close();
    }
  });

  it('asks an early E30007 once more: answered then, it was a failed resolution, not the identity', async () => {
    // Topaz 0.33.16 answers this E30007 whenever its identity resolution fails (its own call to
    // its directory timing out, cancelled or refused), dropping the cause.
    let calls = 0;
    responder.on(Authorizer.method.is, () =>
      ++calls === 1
        ? { status: 5, text: E30007 }
        : { message: { decisions: [{ decision: 'allowed', is: true }] } },
    );
    const topaz = service(1_000, 2);
    try {
      expect(await topaz.decide(query)).toEqual({ allowed: true });
      expect(calls).toBe(2);
    } finally {
      await topaz.close();
    }
  });

  it('takes an E30007 answered twice for what it says: no user for that identity (denied, not transient)', async () => {
    responder.on(Authorizer.method.is, () => ({ status: 5, text: E30007 }));
    const topaz = service(1_000, 2);
    try {
      const asked = responder.requests('Is').length;
      const error = await failure(topaz.decide(query));
      expect(error?.code).toBe('invalid_request');
      expect(error?.transient).toBe(false);
      expect(error?.message).toContain('user:<id>#identifier@identity:<sub>');
      expect(responder.requests('Is').length - asked).toBe(2);
    } finally {
      await topaz.close();
    }
  });
});
