/**
 * Topaz's `E30007 … failed to resolve user from identity` through the adapter on a real Topaz:
 * an identity no user has is a denial (`invalid_request`), while the same E30007 that Topaz
 * answers when its own deadline runs out as it resolves a known user is never one — the adapter
 * takes it for what it is, a transient failure, or asks again and gets the decision.
 */
import { readFile } from 'node:fs/promises';
import { type DecisionQuery, DecisionServiceError } from '@gatehousejs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTopaz, type TestTopaz } from '../support/topaz.ts';

const ALICE = 'alice-sub';
let topaz: TestTopaz;

const askFor = (sub: string): DecisionQuery => ({
  identity: { type: 'IDENTITY_TYPE_SUB', value: sub },
  policyPath: 'webapp.GET.api.documents',
  decisions: ['allowed'],
  resourceContext: { location: { country_code: 'FR' } },
});

/** E30007 answers Topaz logged for `sub` (its log has one entry per answered call). */
async function e30007Logged(sub: string): Promise<number> {
  const log = await readFile(topaz.logFile, 'utf8');
  return log.split('\n').filter((line) => line.includes('"E30007"') && line.includes(`"identity":"${sub}"`))
    .length;
}

beforeAll(async () => {
  topaz = await startTestTopaz();
  await topaz.load(
    [
      { type: 'user', id: ALICE },
      { type: 'identity', id: ALICE },
    ],
    [
      {
        objectType: 'user',
        objectId: ALICE,
        relation: 'identifier',
        subjectType: 'identity',
        subjectId: ALICE,
      },
    ],
  );
});

afterAll(async () => {
  await topaz?.stop();
});

describe("Topaz's E30007 through the adapter", () => {
  it('denies an identity no user has (asked twice, answered E30007 both times)', async () => {
    const service = topaz.decisionService({ timeoutMs: 10_000 });
    const before = await e30007Logged('nobody-sub');
    const error = await service.decide(askFor('nobody-sub')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DecisionServiceError);
    expect((error as DecisionServiceError).code).toBe('invalid_request');
    expect((error as DecisionServiceError).transient).toBe(false);
    expect((error as DecisionServiceError).message).toContain('user:<id>#identifier@identity:<sub>');
    expect((await e30007Logged('nobody-sub')) - before).toBe(2);
  });

  it("never denies a known user when Topaz's own deadline ends while it resolves the identity", async () => {
    // A 1 ms deadline: Topaz often runs out of it while resolving alice and answers E30007.
    const hurried = topaz.decisionService({ timeoutMs: 1 });
    const outcomes = new Map<string, number>();
    for (let call = 0; call < 2_000 && (await e30007Logged(ALICE)) < 3; call++) {
      const outcome = await hurried.decide(askFor(ALICE)).then(
        (d) => (d.allowed ? 'allowed' : 'denied'),
        (e: unknown) => (e instanceof DecisionServiceError ? e.code : String(e)),
      );
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    const seen = Object.fromEntries(outcomes);
    console.log(
      `1 ms deadline: ${JSON.stringify(seen)}; E30007 in Topaz's log: ${await e30007Logged(ALICE)}`,
    );
    // The condition happened: Topaz answered alice's calls with E30007 ...
    expect(await e30007Logged(ALICE), JSON.stringify(seen)).toBeGreaterThan(0);
    // ... and none of them became a denial: each is the decision or a transient failure.
    for (const outcome of outcomes.keys()) {
      expect(['allowed', 'deadline_exceeded', 'service_unavailable'], JSON.stringify(seen)).toContain(
        outcome,
      );
    }
    // With time to answer, alice is allowed.
    expect(await topaz.decisionService({ timeoutMs: 10_000 }).decide(askFor(ALICE))).toEqual({
      allowed: true,
    });
  });
});
