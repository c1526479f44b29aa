import { describe, expect, it } from 'vitest';
import { checkPolicy } from './decision-flow.ts';
import { DecisionServiceError } from './ports/decision-service.ts';
import { alice, bob, createHarness, nobody } from './testing/harness.ts';

const LIST = 'app.GET.api.documents';
const unavailable = () => new DecisionServiceError('service_unavailable', 'connection refused');

describe('fallback strategies', () => {
  async function decideWhileOpen(
    fallback: 'cache_then_deny' | 'deny' | 'cache_then_allow' | 'allow',
    stale?: boolean,
  ) {
    const h = createHarness({
      decisionCache: { ttlSeconds: 1 },
      circuitBreaker: { failureThreshold: 1, fallback },
    });
    h.service.setRule(LIST, () => stale === true);
    if (stale !== undefined) await checkPolicy(h.config, alice, LIST);
    h.clock.advance(2_000);
    h.service.failWith(unavailable());
    const first = await checkPolicy(h.config, alice, LIST);
    const whileOpen = await checkPolicy(h.config, alice, LIST);
    return { first, whileOpen, h };
  }

  it.each([
    ['cache_then_deny', undefined, false],
    ['cache_then_deny', true, true],
    ['cache_then_deny', false, false],
    ['deny', true, false],
    ['deny', undefined, false],
    ['cache_then_allow', undefined, true],
    ['cache_then_allow', false, false],
    ['allow', false, true],
  ] as const)('%s with stale decision %s → %s', async (fallback, stale, expected) => {
    const { first, whileOpen } = await decideWhileOpen(fallback, stale);
    expect(first).toMatchObject({ allowed: expected, source: 'fallback', error: 'service_unavailable' });
    expect(whileOpen).toMatchObject({ allowed: expected, source: 'fallback', error: 'circuit_open' });
  });

  it('asks a fallback function with the context, and denies when it throws or answers junk', async () => {
    const seen: unknown[] = [];
    const h = createHarness({
      decisionCache: {},
      circuitBreaker: {
        failureThreshold: 1,
        fallback: (ctx) => {
          seen.push({
            reason: ctx.reason,
            stale: ctx.staleDecision,
            path: ctx.policyPath,
            who: ctx.identity.value,
          });
          if (ctx.identity.value === 'bob') throw new Error('no');
          return ctx.request === alice ? true : ('yes' as never);
        },
      },
    });
    h.service.failWith(unavailable());
    expect((await checkPolicy(h.config, alice, LIST)).allowed).toBe(true);
    expect((await checkPolicy(h.config, bob, LIST)).allowed).toBe(false);
    expect((await checkPolicy(h.config, nobody, LIST)).allowed).toBe(false);
    expect(seen[0]).toEqual({ reason: 'service_failed', stale: undefined, path: LIST, who: 'alice' });
    expect(seen[1]).toMatchObject({ reason: 'circuit_open' });
    expect(h.errors).toHaveLength(2);
  });
});
