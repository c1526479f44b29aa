import { describe, expect, it } from 'vitest';
import { checkPolicy, checkRelation } from './decision-flow.ts';
import { DecisionUnavailableError } from './errors.ts';
import { resolveScope } from './request-scope.ts';
import { alice, createHarness, type TestRequest } from './testing/harness.ts';

const LIST = 'app.GET.api.documents';
const later = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 1));

describe('providers returning promises or plain values', () => {
  it.each([
    ['both synchronous', false, false],
    ['identity asynchronous', true, false],
    ['resource context asynchronous', false, true],
    ['both asynchronous', true, true],
  ])('%s: the service sees the resolved identity and context', async (_name, asyncIdentity, asyncContext) => {
    const h = createHarness({
      decisionCache: {},
      identityProvider: (r: TestRequest) => (asyncIdentity ? later(r.identity) : r.identity),
      resourceContextProvider: (r: TestRequest) =>
        asyncContext ? later(r.context ?? {}) : (r.context ?? {}),
    });
    h.service.setRule(LIST, (q) => q.identity.value === 'alice' && q.resourceContext.region === 'eu');
    const request = { ...alice, context: { region: 'eu' } };
    expect(await checkPolicy(h.config, request, LIST)).toMatchObject({ allowed: true, source: 'service' });
    expect(await checkPolicy(h.config, request, LIST)).toMatchObject({ allowed: true, source: 'cache' });
    expect(h.service.queries[0]?.resourceContext).toEqual({ region: 'eu' });
    const relation = { objectType: 'document', objectId: '7', relation: 'can_read' };
    h.service.setRule('app.check', (q) => q.resourceContext.region === 'eu');
    expect((await checkRelation(h.config, request, relation)).allowed).toBe(true);
  });

  it('a rejected or malformed asynchronous answer denies as an error of its stage', async () => {
    const cases = [
      {
        identityProvider: () => Promise.reject(new Error('session store down')),
        code: 'identity_provider_failed',
      },
      { identityProvider: () => later({ type: 'IDENTITY_TYPE_SUB' }), code: 'identity_provider_failed' },
      {
        resourceContextProvider: () => Promise.reject(new Error('geo lookup')),
        code: 'resource_context_failed',
      },
      { resourceContextProvider: () => later(['not', 'a', 'mapping']), code: 'resource_context_failed' },
    ];
    for (const { code, ...providers } of cases) {
      const h = createHarness({ decisionCache: {}, ...(providers as object) });
      h.service.setRule(LIST, () => true);
      expect(await checkPolicy(h.config, alice, LIST)).toMatchObject({
        allowed: false,
        outcome: 'error',
        error: code,
      });
      expect(h.service.calls).toBe(0);
      expect(h.errors).toHaveLength(1);
      expect(h.audit[0]).toMatchObject({ outcome: 'error', error: code });
    }
  });

  it('resolves at once with synchronous providers, and refuses a closed configuration', async () => {
    const h = createHarness({ resourceContextProvider: () => ({ region: 'eu' }) });
    const info = { method: 'GET', path: '/' };
    expect(resolveScope(h.config, alice, info)).toMatchObject({
      config: h.config,
      request: alice,
      identity: alice.identity,
      info,
      resourceContext: { region: 'eu' },
      problem: undefined,
    });
    await h.config.close();
    expect(() => resolveScope(h.config, alice, info)).toThrow(DecisionUnavailableError);
    await expect(checkPolicy(h.config, alice, LIST)).rejects.toBeInstanceOf(DecisionUnavailableError);
  });
});
