import { describe, expect, it } from 'vitest';
import { filterAuthorized } from './batch-filter.ts';
import { deniedDecision, isFallbackDenial } from './denial.ts';
import { AccessDeniedError, DecisionUnavailableError } from './errors.ts';
import { DecisionServiceError } from './ports/decision-service.ts';
import { alice, createHarness } from './testing/harness.ts';

const docs = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `doc ${i + 1}` }));
const spec = { objectType: 'document', relation: 'can_read', objectId: (d: { id: number }) => String(d.id) };
const evenIds = (q: { resourceContext: Record<string, unknown> }) =>
  Number(q.resourceContext.object_id) % 2 === 0;

describe('filterAuthorized', () => {
  it('keeps the allowed items in input order', async () => {
    const h = createHarness();
    h.service.setRule('app.check', evenIds);
    const kept = await filterAuthorized(h.config, alice, [...docs].reverse(), spec);
    expect(kept.map((d) => d.id)).toEqual([12, 10, 8, 6, 4, 2]);
  });

  it('never has more than maxConcurrentChecks calls in flight', async () => {
    const h = createHarness({ maxConcurrentChecks: 3 });
    h.service.setRule('app.check', evenIds);
    h.service.hold();
    const filtering = filterAuthorized(h.config, alice, docs, spec);
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.service.inFlight).toBe(3);
    h.service.release();
    expect(await filtering).toHaveLength(6);
    expect(h.service.maxInFlight).toBe(3);
    expect(h.service.calls).toBe(12);
  });

  it('uses decideBatch when the service offers it, in calls of at most batchSize', async () => {
    const h = createHarness({ batchSize: 5, maxConcurrentChecks: 2 }, { batch: true });
    h.service.setRule('app.check', evenIds);
    const kept = await filterAuthorized(h.config, alice, docs, spec);
    expect(kept.map((d) => d.id)).toEqual([2, 4, 6, 8, 10, 12]);
    expect(h.service.batchCalls).toBe(3);
    expect(h.service.maxInFlight).toBeLessThanOrEqual(2);
  });

  it('asks only for the items the cache does not hold', async () => {
    const h = createHarness({ decisionCache: {} }, { batch: true });
    h.service.setRule('app.check', evenIds);
    await filterAuthorized(h.config, alice, docs.slice(0, 4), spec);
    const before = h.service.queries.length;
    await filterAuthorized(h.config, alice, docs, spec);
    expect(h.service.queries.length - before).toBe(8);
  });

  it('excludes an item whose id cannot be read', async () => {
    const h = createHarness();
    h.service.setRule('app.check', () => true);
    const kept = await filterAuthorized(h.config, alice, [{ id: 1 }, { id: 2 }], {
      ...spec,
      objectId: (d) => {
        if (d.id === 2) throw new Error('no id');
        return String(d.id);
      },
    });
    expect(kept).toEqual([{ id: 1 }]);
  });

  it('is unavailable without a breaker when the service is down, and falls back with one', async () => {
    const down = new DecisionServiceError('service_unavailable', 'refused');
    const bare = createHarness();
    bare.service.failWith(down);
    await expect(filterAuthorized(bare.config, alice, docs, spec)).rejects.toBeInstanceOf(
      DecisionUnavailableError,
    );
    const guarded = createHarness({ circuitBreaker: { fallback: 'deny' } }, { batch: true });
    guarded.service.failWith(down);
    expect(await filterAuthorized(guarded.config, alice, docs, spec)).toEqual([]);
  });

  it('refuses, with undecided: refuse, when the fallback denied an item, carrying its decision', async () => {
    const guarded = createHarness({ decisionCache: { ttlSeconds: 1 }, circuitBreaker: {} });
    guarded.service.setRule('app.check', evenIds);
    const refusing = { ...spec, undecided: 'refuse' as const };
    expect((await filterAuthorized(guarded.config, alice, docs, refusing)).map((d) => d.id)).toEqual([
      2, 4, 6, 8, 10, 12,
    ]);
    guarded.clock.advance(2_000);
    guarded.service.failWith(new DecisionServiceError('service_unavailable', 'refused'));
    const refused = await filterAuthorized(guarded.config, alice, docs, refusing).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AccessDeniedError);
    const decision = deniedDecision(refused);
    expect(decision).toMatchObject({ allowed: false, source: 'fallback', policyPath: 'app.check' });
    expect(isFallbackDenial(decision!)).toBe(true);
    // The default keeps the list short instead (the stale allows stand in for the service).
    expect((await filterAuthorized(guarded.config, alice, docs, spec)).map((d) => d.id)).toEqual([
      2, 4, 6, 8, 10, 12,
    ]);
  });
});
