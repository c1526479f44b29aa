import { describe, expect, it } from 'vitest';
import { ALLOWED_OBJECT_IDS, filterAuthorized } from './batch-filter.ts';
import { isFallbackDenial } from './denial.ts';
import { AccessDeniedError } from './errors.ts';
import {
  type DecisionQuery,
  type DecisionService,
  DecisionServiceError,
  type SetDecisionQuery,
} from './ports/decision-service.ts';
import { SET_QUESTION_MEMBERS } from './set-evaluation.ts';
import { alice, createHarness } from './testing/harness.ts';

const docs = Array.from({ length: 12 }, (_, i) => ({ id: i + 1 }));
const spec = { objectType: 'document', relation: 'can_read', objectId: (d: { id: number }) => String(d.id) };
const even = (id: unknown) => Number(id) % 2 === 0;

/** A service whose set rule and per-item rule both allow even ids; it records every call. */
function setService(answer?: (query: SetDecisionQuery) => readonly string[] | undefined) {
  const sets: SetDecisionQuery[] = [];
  const items: DecisionQuery[] = [];
  let failure: Error | undefined;
  const service: DecisionService = {
    async decide(query) {
      items.push(query);
      if (failure) throw failure;
      return { allowed: even(query.resourceContext.object_id) };
    },
    async decideSet(query) {
      sets.push(query);
      if (failure) throw failure;
      if (answer) return answer(query);
      return (query.resourceContext.object_ids as string[]).filter(even);
    },
  };
  const failWith = (error: Error) => {
    failure = error;
  };
  return { service, sets, items, failWith };
}

describe('filterAuthorized with a set decision', () => {
  it('asks the set rule once for every candidate, with the request context, and keeps input order', async () => {
    const fake = setService();
    const h = createHarness({
      decisionService: fake.service,
      resourceContextProvider: () => ({ country: 'GB' }),
    });
    const kept = await filterAuthorized(h.config, alice, [...docs].reverse(), spec);
    expect(kept.map((d) => d.id)).toEqual([12, 10, 8, 6, 4, 2]);
    expect(fake.items).toHaveLength(0);
    expect(fake.sets).toHaveLength(1);
    expect(fake.sets[0]).toEqual({
      identity: alice.identity,
      policyPath: 'app.check',
      decision: ALLOWED_OBJECT_IDS,
      resourceContext: {
        country: 'GB',
        object_type: 'document',
        relation: 'can_read',
        subject_type: 'user',
        object_ids: docs.map((d) => String(d.id)).reverse(),
      },
    });
  });

  it('records one audit decision per item and caches each, so that a later check of one is a hit', async () => {
    const fake = setService();
    const h = createHarness({ decisionService: fake.service, decisionCache: {} });
    await filterAuthorized(h.config, alice, docs.slice(0, 4), spec);
    expect(h.audit.map((r) => [r.objectId, r.outcome, r.source])).toEqual([
      ['1', 'deny', 'service'],
      ['2', 'allow', 'service'],
      ['3', 'deny', 'service'],
      ['4', 'allow', 'service'],
    ]);
    const kept = await filterAuthorized(h.config, alice, docs, spec);
    expect(kept.map((d) => d.id)).toEqual([2, 4, 6, 8, 10, 12]);
    expect(fake.sets[1]?.resourceContext.object_ids).toEqual(['5', '6', '7', '8', '9', '10', '11', '12']);
    expect(h.audit.slice(4, 8).map((r) => r.source)).toEqual(['cache', 'cache', 'cache', 'cache']);
  });

  it('asks item by item when the policy does not define the set rule', async () => {
    const fake = setService(() => undefined);
    const h = createHarness({ decisionService: fake.service });
    const kept = await filterAuthorized(h.config, alice, docs, spec);
    expect(kept.map((d) => d.id)).toEqual([2, 4, 6, 8, 10, 12]);
    expect(fake.sets).toHaveLength(1);
    expect(fake.items).toHaveLength(12);
  });

  it('asks item by item when the caller turns the set question off', async () => {
    const fake = setService();
    const h = createHarness({ decisionService: fake.service });
    const kept = await filterAuthorized(h.config, alice, docs, { ...spec, setQuestion: false });
    expect(kept.map((d) => d.id)).toEqual([2, 4, 6, 8, 10, 12]);
    expect(fake.sets).toHaveLength(0);
    expect(fake.items).toHaveLength(docs.length);
  });

  it('puts a very long list in questions of at most SET_QUESTION_MEMBERS members', async () => {
    const fake = setService();
    const h = createHarness({ decisionService: fake.service });
    const many = Array.from({ length: SET_QUESTION_MEMBERS + 3 }, (_, i) => ({ id: i + 1 }));
    expect(await filterAuthorized(h.config, alice, many, spec)).toHaveLength(Math.floor(many.length / 2));
    expect(fake.sets.map((q) => (q.resourceContext.object_ids as string[]).length)).toEqual([
      SET_QUESTION_MEMBERS,
      3,
    ]);
  });

  it('refuses a page the service could not decide (never a silently short list), one breaker failure', async () => {
    const fake = setService();
    fake.failWith(new DecisionServiceError('deadline_exceeded', 'too slow'));
    const h = createHarness({ decisionService: fake.service, circuitBreaker: { failureThreshold: 2 } });
    const refusing = { ...spec, undecided: 'refuse' as const };
    const refused = await filterAuthorized(h.config, alice, docs, refusing).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AccessDeniedError);
    expect(isFallbackDenial((refused as AccessDeniedError).decision!)).toBe(true);
    expect(h.config.circuitBreaker?.status()).toMatchObject({ state: 'closed', failures: 1 });
    expect(h.audit).toHaveLength(12);
    expect(h.audit.every((r) => r.source === 'fallback')).toBe(true);
  });

  it('denies every item, reported, when the set rule is not a set of strings', async () => {
    const fake = setService(() => 'all' as unknown as string[]);
    const h = createHarness({ decisionService: fake.service });
    expect(await filterAuthorized(h.config, alice, docs, spec)).toEqual([]);
    expect(h.errors.join('\n')).toMatch(/decideSet answered app\.check wrongly/);
  });

  it('does not call the service while the circuit is open', async () => {
    const fake = setService();
    fake.failWith(new DecisionServiceError('service_unavailable', 'down'));
    const h = createHarness({ decisionService: fake.service, circuitBreaker: { failureThreshold: 1 } });
    await filterAuthorized(h.config, alice, docs, spec);
    expect(h.config.circuitBreaker?.state).toBe('open');
    await filterAuthorized(h.config, alice, docs, spec);
    expect(fake.sets).toHaveLength(1);
  });
});
