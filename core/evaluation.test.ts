import { describe, expect, it } from 'vitest';
import { checkPolicy, checkRelation } from './decision-flow.ts';
import { DecisionUnavailableError } from './errors.ts';
import { DecisionServiceError } from './ports/decision-service.ts';
import type { AuthzMetrics, DecisionMetric } from './ports/metrics.ts';
import { alice, bob, createHarness } from './testing/harness.ts';

const LIST = 'app.GET.api.documents';
const info = { method: 'GET', path: '/api/documents' };
const unavailable = () => new DecisionServiceError('service_unavailable', 'connection refused');

describe('decision service failures', () => {
  it('without a breaker, a transient failure is DecisionUnavailableError (and audited)', async () => {
    const h = createHarness();
    h.service.failWith(new DecisionServiceError('deadline_exceeded', 'too slow'));
    await expect(checkPolicy(h.config, alice, LIST, info)).rejects.toBeInstanceOf(DecisionUnavailableError);
    expect(h.audit[0]).toMatchObject({ outcome: 'error', error: 'deadline_exceeded', source: 'service' });
  });

  it.each(['policy_not_found', 'invalid_request', 'evaluation_failed'] as const)(
    '%s denies, is reported, and is neither a breaker failure nor cached',
    async (code) => {
      const h = createHarness({ decisionCache: {}, circuitBreaker: { failureThreshold: 1 } });
      h.service.failWith(new DecisionServiceError(code, 'bad policy'));
      const d = await checkPolicy(h.config, alice, LIST, info);
      expect(d).toMatchObject({ allowed: false, outcome: 'error', source: 'service', error: code });
      expect(h.errors.join()).toContain(LIST);
      expect(h.audit[0]).toMatchObject({ outcome: 'error', error: code });
      expect(h.config.circuitBreaker?.state).toBe('closed');
      h.service.failWith(undefined);
      h.service.setRule(LIST, () => true);
      expect((await checkPolicy(h.config, alice, LIST)).allowed).toBe(true);
    },
  );

  it('a service breaking its contract (plain Error) denies as an error', async () => {
    const h = createHarness();
    h.service.failWith(new TypeError('oops'));
    expect(await checkPolicy(h.config, alice, LIST)).toMatchObject({ allowed: false, outcome: 'error' });
  });

  it('an identity provider that throws or answers junk denies without asking the service', async () => {
    const h = createHarness({
      identityProvider: (r) => {
        if (r === alice) throw new Error('session store down');
        return { type: 'IDENTITY_TYPE_SUB' } as never;
      },
    });
    h.service.setRule(LIST, () => true);
    expect(await checkPolicy(h.config, alice, LIST)).toMatchObject({
      allowed: false,
      outcome: 'error',
      source: 'none',
      error: 'identity_provider_failed',
    });
    expect((await checkPolicy(h.config, bob, LIST)).allowed).toBe(false);
    expect(h.service.calls).toBe(0);
    expect(h.errors).toHaveLength(2);
  });

  it('a resource context that is not JSON denies as an error', async () => {
    const h = createHarness({ decisionCache: {} });
    h.service.setRule(LIST, () => true);
    const d = await checkPolicy(h.config, { ...alice, context: { n: 1n } }, LIST);
    expect(d).toMatchObject({ allowed: false, outcome: 'error', error: 'invalid_resource_context' });
  });
});

describe('audit and metrics', () => {
  it('writes one record per decision with its fields', async () => {
    const h = createHarness({ decisionCache: {}, circuitBreaker: {} });
    h.service.setRule('app.check', () => true);
    await checkRelation(
      h.config,
      alice,
      { objectType: 'document', objectId: '7', relation: 'can_read' },
      info,
    );
    await checkRelation(
      h.config,
      alice,
      { objectType: 'document', objectId: '7', relation: 'can_read' },
      info,
    );
    expect(h.audit).toHaveLength(2);
    expect(h.audit[0]).toEqual({
      time: new Date(h.clock.now()).toISOString(),
      identityType: 'IDENTITY_TYPE_SUB',
      identityValue: 'alice',
      policyPath: 'app.check',
      decision: 'allowed',
      objectType: 'document',
      objectId: '7',
      relation: 'can_read',
      outcome: 'allow',
      source: 'service',
      breakerState: 'closed',
      latencyMs: 0,
      method: 'GET',
      path: '/api/documents',
    });
    expect(h.audit[1]).toMatchObject({ source: 'cache' });
    // Fields in the order the JSON lines show them, whichever way the record was built.
    expect(Object.keys(h.audit[0]!)).toEqual(Object.keys(h.audit[1]!));
    expect(JSON.stringify(h.audit[0])).toMatch(
      /^\{"time":.*"relation":"can_read","outcome".*"path":"\/api\/documents"\}$/,
    );
  });

  it('leaves out of a record what the decision did not have (no breaker, no route, an error)', async () => {
    const h = createHarness();
    h.service.setRule('app.check', () => true);
    await checkRelation(h.config, alice, { objectType: 'document', objectId: '7', relation: 'can_read' });
    const keys = Object.keys(h.audit[0]!);
    for (const absent of ['breakerState', 'method', 'path', 'error']) expect(keys).not.toContain(absent);
    expect(keys).toEqual([
      'time',
      'identityType',
      'identityValue',
      'policyPath',
      'decision',
      'objectType',
      'objectId',
      'relation',
      'outcome',
      'source',
      'latencyMs',
    ]);
    const withBreaker = createHarness({ circuitBreaker: {} });
    withBreaker.service.failWith(new DecisionServiceError('evaluation_failed', 'bad policy'));
    await checkRelation(
      withBreaker.config,
      alice,
      { objectType: 'document', objectId: '7', relation: 'can_read' },
      info,
    );
    expect(withBreaker.audit[0]).toMatchObject({ error: 'evaluation_failed', breakerState: 'closed' });
    expect(Object.keys(withBreaker.audit[0]!).at(-1)).toBe('error');
  });

  it('reports decisions, cache lookups and breaker transitions to the metrics port', async () => {
    const decisions: DecisionMetric[] = [];
    const lookups: boolean[] = [];
    const transitions: string[] = [];
    const metrics: AuthzMetrics = {
      decision: (m) => decisions.push(m),
      cacheLookup: (hit) => lookups.push(hit),
      breakerTransition: (from, to) => transitions.push(`${from}->${to}`),
    };
    const h = createHarness({ metrics, decisionCache: {}, circuitBreaker: { failureThreshold: 1 } });
    h.service.setRule(LIST, () => true);
    await checkPolicy(h.config, alice, LIST);
    await checkPolicy(h.config, alice, LIST);
    h.service.failWith(unavailable());
    await checkPolicy(h.config, bob, LIST);
    expect(decisions.map((d) => `${d.outcome}/${d.source}`)).toEqual([
      'allow/service',
      'allow/cache',
      'deny/fallback',
    ]);
    expect(lookups).toEqual([false, true, false]);
    expect(transitions).toEqual(['closed->open']);
  });

  it('measures the latency of a decision for metrics and audit', async () => {
    const decisions: DecisionMetric[] = [];
    const metrics: AuthzMetrics = {
      decision: (m) => decisions.push(m),
      cacheLookup: () => {},
      breakerTransition: () => {},
    };
    const h = createHarness({ metrics });
    h.service.setRule(LIST, () => {
      h.clock.advance(25);
      return true;
    });
    await checkPolicy(h.config, alice, LIST);
    expect(decisions[0]?.latencyMs).toBe(25);
    expect(h.audit[0]?.latencyMs).toBe(25);
  });

  it('stamps each audit record with the clock of its own decision', async () => {
    const h = createHarness();
    h.service.setRule(LIST, () => true);
    const times: string[] = [];
    for (const step of [0, 0, 1, 999, 0]) {
      h.clock.advance(step);
      times.push(new Date(h.clock.now()).toISOString());
      await checkPolicy(h.config, alice, LIST);
    }
    expect(h.audit.map((record) => record.time)).toEqual(times);
    expect(new Set(times).size).toBe(3);
  });

  it('opens and ends one span per decision with its attributes', async () => {
    const spans: Record<string, unknown>[] = [];
    const tracer = {
      startSpan: (name: string, attributes: Record<string, unknown>) => {
        const span = { name, ...attributes, ended: false };
        spans.push(span);
        return {
          setAttributes: (a: Record<string, unknown>) => Object.assign(span, a),
          end: () => Object.assign(span, { ended: true }),
        };
      },
    };
    const h = createHarness({ tracer });
    h.service.setRule(LIST, () => false);
    await checkPolicy(h.config, alice, LIST);
    expect(spans).toEqual([
      {
        name: 'gatehouse.decision',
        'gatehouse.policy_path': LIST,
        'gatehouse.decision': 'allowed',
        'gatehouse.outcome': 'deny',
        'gatehouse.source': 'service',
        ended: true,
      },
    ]);
  });

  it('a failing audit sink is reported and the decision stands', async () => {
    const h = createHarness({
      auditLogger: {
        sink: {
          write: () => {
            throw new Error('disk full');
          },
        },
      },
    });
    h.service.setRule(LIST, () => true);
    expect((await checkPolicy(h.config, alice, LIST)).allowed).toBe(true);
    expect(h.errors[0]).toContain('disk full');
  });
});
