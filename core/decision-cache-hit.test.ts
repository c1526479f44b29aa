import { describe, expect, it } from 'vitest';
import type { Decision } from './decision-check.ts';
import { decidePolicy } from './decision-flow.ts';
import { createHarness, type TestRequest } from './testing/harness.ts';

// The synchronous cache hit, at the size a service reaches: many callers × many documents, so that
// remembered keys share long stretches (policy path, decision, context keys) and part ways at the
// caller and at the document.

const PATH = 'app.GET.api.documents.__id';
const info = { method: 'GET', path: '/api/documents/x' };
const CALLERS = 40;
const DOCUMENTS = 25;

/** A request as an adapter builds it: fresh strings and objects every time. */
function requestOf(caller: number, document: number): TestRequest {
  return {
    identity: { type: 'IDENTITY_TYPE_SUB', value: `user-${String(caller).padStart(3, '0')}` },
    context: { id: `${document}`, method: 'GET', location: { country: 'FR', city: 'Lyon' } },
  };
}

/** Allowed when caller and document have the same parity: neighbours differ. */
const allows = (caller: number, document: number) => (caller + document) % 2 === 0;

function settled(decided: Decision | Promise<Decision>): Decision {
  if (decided instanceof Promise) throw new Error('expected a synchronous decision (a cache hit)');
  return decided;
}

describe('decision cache hit (synchronous)', () => {
  it('answers every caller and document from its own entry: a hit allows or denies as the service did', async () => {
    const h = createHarness({ decisionCache: { ttlSeconds: 60, maxSize: 10_000 } });
    h.service.setRule(PATH, (q) => {
      const caller = Number(String(q.identity.value).slice(5));
      return allows(caller, Number(q.resourceContext.id));
    });
    for (let c = 0; c < CALLERS; c++) {
      for (let d = 0; d < DOCUMENTS; d++) {
        const miss = decidePolicy(h.config, requestOf(c, d), PATH, info);
        expect(miss).toBeInstanceOf(Promise); // a miss asks the service
        expect((await miss).source).toBe('service');
      }
    }
    expect(h.service.calls).toBe(CALLERS * DOCUMENTS);
    for (let c = CALLERS - 1; c >= 0; c--) {
      for (let d = 0; d < DOCUMENTS; d++) {
        const hit = settled(decidePolicy(h.config, requestOf(c, d), PATH, info));
        expect([c, d, hit.allowed, hit.source, hit.outcome]).toEqual([
          c,
          d,
          allows(c, d),
          'cache',
          allows(c, d) ? 'allow' : 'deny',
        ]);
      }
    }
    expect(h.service.calls).toBe(CALLERS * DOCUMENTS);
  });

  it('never lets a caller, a scope, a path or a method reuse another one’s entry', async () => {
    const h = createHarness({ decisionCache: { ttlSeconds: 60 } });
    h.service.setRule(
      PATH,
      (q) =>
        q.identity.value === 'user-001' &&
        q.resourceContext.id === '1' &&
        (q.resourceContext.location as { city?: string }).city === 'Lyon',
    );
    h.service.setRule('app.POST.api.documents.__id', () => false);
    h.service.setRule('app.GET.api.other.__id', () => false);
    expect((await decidePolicy(h.config, requestOf(1, 1), PATH, info)).allowed).toBe(true);
    expect(h.service.calls).toBe(1);
    const others: [TestRequest, string][] = [
      [requestOf(2, 1), PATH], // another caller
      [requestOf(10, 1), PATH], // a caller whose id extends the first's text
      [{ identity: { type: 'IDENTITY_TYPE_NONE' }, context: requestOf(1, 1).context }, PATH],
      [requestOf(1, 11), PATH], // another document
      [{ ...requestOf(1, 1), context: { ...requestOf(1, 1).context, location: { country: 'FR' } } }, PATH],
      [
        { ...requestOf(1, 1), context: { id: 1, method: 'GET', location: { country: 'FR', city: 'Lyon' } } },
        PATH,
      ],
      [requestOf(1, 1), 'app.POST.api.documents.__id'], // another method
      [requestOf(1, 1), 'app.GET.api.other.__id'], // another path
    ];
    for (const [request, path] of others) {
      const decision = await decidePolicy(h.config, request, path, info);
      expect([JSON.stringify(request), path, decision.allowed, decision.source]).toEqual([
        JSON.stringify(request),
        path,
        false,
        'service',
      ]);
    }
    expect(h.service.calls).toBe(1 + others.length);
    expect(settled(decidePolicy(h.config, requestOf(1, 1), PATH, info)).allowed).toBe(true);
  });

  it('a cached denial still denies on every hit, and a cleared cache asks the service again', async () => {
    const h = createHarness({ decisionCache: { ttlSeconds: 60 } });
    h.service.setRule(PATH, () => false);
    expect((await decidePolicy(h.config, requestOf(3, 4), PATH, info)).allowed).toBe(false);
    h.service.setRule(PATH, () => true);
    for (let i = 0; i < 3; i++) {
      expect(settled(decidePolicy(h.config, requestOf(3, 4), PATH, info))).toMatchObject({
        allowed: false,
        source: 'cache',
      });
    }
    h.config.decisionCache?.clear();
    const asked = decidePolicy(h.config, requestOf(3, 4), PATH, info);
    expect(asked).toBeInstanceOf(Promise);
    expect((await asked).allowed).toBe(true);
    expect(h.service.calls).toBe(2);
  });

  it('with nothing recording, answers every hit of an entry with one frozen record, its own', async () => {
    const h = createHarness({ decisionCache: { ttlSeconds: 60 }, auditLogger: undefined });
    h.service.setRule(PATH, (q) => q.identity.value === 'user-001');
    const anonymous: TestRequest = { identity: { type: 'IDENTITY_TYPE_NONE' }, context: { id: '1' } };
    for (const request of [requestOf(1, 1), requestOf(2, 1), anonymous])
      await decidePolicy(h.config, request, PATH, info);
    const allowed = settled(decidePolicy(h.config, requestOf(1, 1), PATH, info));
    expect(settled(decidePolicy(h.config, requestOf(1, 1), PATH, info))).toBe(allowed);
    expect(Object.isFrozen(allowed)).toBe(true);
    expect(allowed).toEqual({
      allowed: true,
      outcome: 'allow',
      source: 'cache',
      policyPath: PATH,
      decision: 'allowed',
    });
    const denied = settled(decidePolicy(h.config, requestOf(2, 1), PATH, info));
    expect(denied).toEqual({
      allowed: false,
      outcome: 'deny',
      source: 'cache',
      policyPath: PATH,
      decision: 'allowed',
    });
    expect(settled(decidePolicy(h.config, anonymous, PATH, info))).toMatchObject({
      allowed: false,
      anonymous: true,
    });
    // Decided again after a clear, the key is a new entry with a record of its own.
    h.config.decisionCache?.clear();
    h.service.setRule(PATH, () => false);
    await decidePolicy(h.config, requestOf(1, 1), PATH, info);
    expect(settled(decidePolicy(h.config, requestOf(1, 1), PATH, info))).toMatchObject({
      allowed: false,
      source: 'cache',
    });
  });

  it('with nothing recording, a hit answered before still expires on time and reads the context again', async () => {
    const h = createHarness({ decisionCache: { ttlSeconds: 60 }, auditLogger: undefined });
    h.service.setRule(PATH, () => true);
    await decidePolicy(h.config, requestOf(1, 1), PATH, info);
    const first = settled(decidePolicy(h.config, requestOf(1, 1), PATH, info));
    h.clock.advance(59_999);
    expect(settled(decidePolicy(h.config, requestOf(1, 1), PATH, info))).toBe(first);
    h.clock.advance(1);
    const expired = decidePolicy(h.config, requestOf(1, 1), PATH, info);
    expect(expired).toBeInstanceOf(Promise); // asked again
    expect(h.service.calls).toBe(2);
    // A context whose getter throws, on an entry answered before: denied as invalid, not thrown.
    await expired;
    settled(decidePolicy(h.config, requestOf(1, 1), PATH, info));
    const context = requestOf(1, 1).context as Record<string, unknown>;
    Object.defineProperty(context, 'method', {
      enumerable: true,
      get() {
        throw new Error('unreadable');
      },
    });
    expect(settled(decidePolicy(h.config, { ...requestOf(1, 1), context }, PATH, info))).toMatchObject({
      allowed: false,
      outcome: 'error',
      error: 'invalid_resource_context',
    });
    expect(h.errors.join('\n')).toContain('unreadable');
  });

  it('records every hit when an audit sink is configured', async () => {
    const h = createHarness({ decisionCache: { ttlSeconds: 60 } });
    h.service.setRule(PATH, () => true);
    await decidePolicy(h.config, requestOf(1, 1), PATH, info);
    const first = settled(decidePolicy(h.config, requestOf(1, 1), PATH, info));
    const second = settled(decidePolicy(h.config, requestOf(1, 1), PATH, info));
    expect(second).not.toBe(first);
    expect(h.audit.map((r) => r.source)).toEqual(['service', 'cache', 'cache']);
  });
});
