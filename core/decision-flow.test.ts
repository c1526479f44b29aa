import { describe, expect, it } from 'vitest';
import { checkPolicy, checkRelation, checkRelations, relationCheck } from './decision-flow.ts';
import { DecisionServiceError } from './ports/decision-service.ts';
import { alice, bob, createHarness } from './testing/harness.ts';

const LIST = 'app.GET.api.documents';
const info = { method: 'GET', path: '/api/documents' };
const unavailable = () => new DecisionServiceError('service_unavailable', 'connection refused');

describe('policy decision flow', () => {
  it('1. asks the identity provider and 5. puts identity and resource context to the service', async () => {
    const h = createHarness();
    h.service.setRule(LIST, (q) => q.identity.value === 'alice' && q.resourceContext.region === 'eu');
    const d = await checkPolicy(h.config, { ...alice, context: { region: 'eu' } }, LIST, info);
    expect(d).toMatchObject({ allowed: true, outcome: 'allow', source: 'service', policyPath: LIST });
    expect(h.service.queries[0]).toEqual({
      identity: alice.identity,
      policyPath: LIST,
      decisions: ['allowed'],
      resourceContext: { region: 'eu' },
    });
    expect((await checkPolicy(h.config, bob, LIST, info)).allowed).toBe(false);
  });

  it('2. serves an unexpired cached decision (true allows, false denies) without the service', async () => {
    const h = createHarness({ decisionCache: { ttlSeconds: 10 } });
    h.service.setRule(LIST, (q) => q.identity.value === 'alice');
    await checkPolicy(h.config, alice, LIST);
    await checkPolicy(h.config, bob, LIST);
    h.service.setRule(LIST, () => {
      throw new Error('must not be asked');
    });
    expect(await checkPolicy(h.config, alice, LIST)).toMatchObject({ allowed: true, source: 'cache' });
    expect(await checkPolicy(h.config, bob, LIST)).toMatchObject({ allowed: false, source: 'cache' });
    expect(h.service.calls).toBe(2);
  });

  it('5. stores the result in the cache until its TTL passes', async () => {
    const h = createHarness({ decisionCache: { ttlSeconds: 10 } });
    h.service.setRule(LIST, () => true);
    await checkPolicy(h.config, alice, LIST);
    h.clock.advance(10_000);
    expect(await checkPolicy(h.config, alice, LIST)).toMatchObject({ source: 'service' });
    expect(h.service.calls).toBe(2);
  });

  it('caches per resource context', async () => {
    const h = createHarness({ decisionCache: {} });
    h.service.setRule(LIST, (q) => q.resourceContext.id === '1');
    expect((await checkPolicy(h.config, { ...alice, context: { id: '1' } }, LIST)).allowed).toBe(true);
    expect((await checkPolicy(h.config, { ...alice, context: { id: '2' } }, LIST)).allowed).toBe(false);
  });

  it('3–4. while the circuit is open the fallback decides and the service is not asked', async () => {
    const h = createHarness({ circuitBreaker: { failureThreshold: 2, recoveryTimeout: 30 } });
    h.service.setRule(LIST, () => true);
    h.service.failWith(unavailable());
    await checkPolicy(h.config, alice, LIST);
    await checkPolicy(h.config, alice, LIST);
    expect(h.config.circuitBreaker?.state).toBe('open');
    h.service.failWith(undefined);
    const d = await checkPolicy(h.config, alice, LIST);
    expect(d).toMatchObject({ allowed: false, source: 'fallback', error: 'circuit_open' });
    expect(h.service.calls).toBe(2);
    h.clock.advance(30_000);
    expect(await checkPolicy(h.config, alice, LIST)).toMatchObject({ allowed: true, source: 'service' });
  });

  it('counts a denial as a success, never as a breaker failure', async () => {
    const h = createHarness({ circuitBreaker: { failureThreshold: 1 } });
    h.service.setRule(LIST, () => false);
    for (let i = 0; i < 3; i++) await checkPolicy(h.config, alice, LIST);
    expect(h.config.circuitBreaker?.state).toBe('closed');
  });
});

describe('relationship decision flow', () => {
  it('evaluates <root>.check with the relationship over the provider mapping', async () => {
    const h = createHarness();
    h.service.setRule('app.check', () => true);
    const request = { ...alice, context: { location: 'FR', relation: 'spoofed', object_id: 'x' } };
    await checkRelation(h.config, request, { objectType: 'document', objectId: '42', relation: 'can_read' });
    expect(h.service.queries[0]).toMatchObject({
      policyPath: 'app.check',
      decisions: ['allowed'],
      identity: alice.identity,
      resourceContext: {
        location: 'FR',
        object_type: 'document',
        object_id: '42',
        relation: 'can_read',
        subject_type: 'user',
      },
    });
  });

  it('takes the subject type from the check', async () => {
    const h = createHarness();
    h.service.setRule('app.check', (q) => q.resourceContext.subject_type === 'service');
    const spec = { objectType: 'document', objectId: '1', relation: 'owner' };
    expect((await checkRelation(h.config, alice, { ...spec, subjectType: 'service' })).allowed).toBe(true);
    expect((await checkRelation(h.config, alice, spec)).allowed).toBe(false);
  });

  it('denies a check without an object id as an error, without asking the service', async () => {
    const h = createHarness();
    h.service.setRule('app.check', () => true);
    const d = await checkRelation(h.config, alice, {
      objectType: 'document',
      objectId: '',
      relation: 'owner',
    });
    expect(d).toMatchObject({ allowed: false, outcome: 'error', error: 'missing_object_id' });
    expect(h.service.calls).toBe(0);
  });

  it('checkRelations maps every relation to a boolean and never throws on denial', async () => {
    const h = createHarness();
    h.service.setRule('app.check', (q) => q.resourceContext.relation !== 'can_delete');
    const result = await checkRelations(h.config, alice, 'document', '1', [
      'can_read',
      'can_delete',
      'can_write',
    ]);
    expect(result).toEqual({ can_read: true, can_delete: false, can_write: true });
    h.service.failWith(unavailable());
    expect(await checkRelations(h.config, alice, 'document', '1', ['can_read'])).toEqual({ can_read: false });
  });
});

describe('relationCheck', () => {
  const spec = { objectType: 'document', objectId: 'd1', relation: 'can_read' };

  it('extends a copy of the resource context, the relationship keys winning', () => {
    const context = { location: { country_code: 'FR' }, object_id: 'from-provider' };
    const check = relationCheck('webapp', context, spec);
    expect(check.resourceContext).toEqual({
      location: { country_code: 'FR' },
      object_type: 'document',
      object_id: 'd1',
      relation: 'can_read',
      subject_type: 'user',
    });
    expect(context).toEqual({ location: { country_code: 'FR' }, object_id: 'from-provider' });
    expect(check).not.toHaveProperty('problem');
  });

  it("keeps a context's own __proto__ key as data, never as the copy's prototype", () => {
    const context = JSON.parse('{"__proto__": {"polluted": true}, "id": "1"}') as Record<string, unknown>;
    const { resourceContext } = relationCheck('webapp', context, spec);
    expect(Object.getPrototypeOf(resourceContext)).toBe(Object.prototype);
    expect(Object.hasOwn(resourceContext, '__proto__')).toBe(true);
    expect((resourceContext as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('carries the problem of a missing object id', () => {
    expect(relationCheck('webapp', {}, { ...spec, objectId: '' }).problem).toBe('missing_object_id');
  });
});
