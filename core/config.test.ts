import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from './circuit-breaker.ts';
import { createAuthzConfig } from './config.ts';
import { DecisionCache } from './decision-cache.ts';
import { checkPolicy } from './decision-flow.ts';
import { AuthzConfigError, DecisionUnavailableError } from './errors.ts';
import { alice, createHarness } from './testing/harness.ts';
import { InMemoryDecisionService } from './testing/in-memory-decision-service.ts';

const valid = {
  policyPathRoot: 'webapp',
  decisionService: new InMemoryDecisionService(),
  identityProvider: () => ({ type: 'IDENTITY_TYPE_NONE' as const }),
};

function fieldOf(make: () => unknown): string {
  try {
    make();
  } catch (error) {
    if (error instanceof AuthzConfigError) return error.field;
    throw error;
  }
  throw new Error('no error');
}

describe('createAuthzConfig', () => {
  it('fills the defaults', () => {
    const config = createAuthzConfig(valid);
    expect(config).toMatchObject({ policyPathRoot: 'webapp', maxConcurrentChecks: 10, batchSize: 100 });
    expect(config.decisionCache).toBeUndefined();
    expect(config.circuitBreaker).toBeUndefined();
  });

  it.each([
    ['policyPathRoot', { policyPathRoot: '' }],
    ['policyPathRoot', { policyPathRoot: 'web app' }],
    ['decisionService', { decisionService: {} }],
    ['identityProvider', { identityProvider: 'header' }],
    ['maxConcurrentChecks', { maxConcurrentChecks: 0 }],
    ['maxConcurrentChecks', { maxConcurrentChecks: 2.5 }],
    ['decisionCache.ttlSeconds', { decisionCache: { ttlSeconds: -1 } }],
    ['decisionCache', { decisionCache: 'yes' }],
    ['circuitBreaker.failureThreshold', { circuitBreaker: { failureThreshold: 0 } }],
    ['circuitBreaker.successThreshold', { circuitBreaker: { successThreshold: 0 } }],
    ['circuitBreaker.fallback', { circuitBreaker: { fallback: 'sometimes' } }],
    ['connectionPool', { connectionPool: { maxConnections: 1 } }],
    ['policyInstanceName', { policyInstanceName: 'webapp' }],
  ])('names %s when it is invalid', (field, override) => {
    expect(fieldOf(() => createAuthzConfig({ ...valid, ...(override as object) }))).toBe(field);
  });

  it('accepts instances as well as options', () => {
    const cache = new DecisionCache({ ttlSeconds: 5 });
    const breaker = new CircuitBreaker({ failureThreshold: 2 });
    const config = createAuthzConfig({ ...valid, decisionCache: cache, circuitBreaker: breaker });
    expect(config.decisionCache).toBe(cache);
    expect(config.circuitBreaker).toBe(breaker);
    const built = createAuthzConfig({ ...valid, decisionCache: { maxSize: 7 } });
    expect(built.decisionCache?.options.maxSize).toBe(7);
  });

  it('refuses an option it does not know, naming it (the Topaz options belong to @gatehousejs/topaz)', () => {
    expect(() =>
      createAuthzConfig({ ...valid, ...({ authorizerOptions: { url: 'localhost:8282' } } as object) }),
    ).toThrow('authorizerOptions: is not an option here');
  });

  it.each(['allow', 'cache_then_allow'] as const)('warns at start-up about fallback %s', (fallback) => {
    const { warnings } = createHarness({ circuitBreaker: { fallback } });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(fallback);
  });

  it.each(['deny', 'cache_then_deny'] as const)('does not warn about fallback %s', (fallback) => {
    expect(createHarness({ circuitBreaker: { fallback } }).warnings).toEqual([]);
  });

  it('close() releases cache and breaker, and later checks are unavailable', async () => {
    const h = createHarness({
      decisionCache: { ttlSeconds: 60 },
      circuitBreaker: { failureThreshold: 1 },
    });
    h.config.decisionCache!.set('k', true);
    h.config.circuitBreaker!.recordFailure(h.config.circuitBreaker!.acquire()!);
    await h.config.close();
    await h.config.close();
    expect(h.config.closed).toBe(true);
    expect(h.config.decisionCache!.size).toBe(0);
    expect(h.config.circuitBreaker!.state).toBe('closed');
    await expect(checkPolicy(h.config, alice, 'app.GET')).rejects.toBeInstanceOf(DecisionUnavailableError);
  });
});
