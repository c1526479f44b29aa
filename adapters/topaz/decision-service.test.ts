import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DecisionQuery,
  type DecisionService,
  DecisionServiceError,
  type Identity,
} from '../../core/index.ts';
import { InMemoryDecisionService } from '../../core/testing/in-memory-decision-service.ts';
import {
  MemoryPolicyCatalog,
  MemoryRelationDirectory,
  startTestTopazServer,
  type TestTopazServer,
} from '../../engine/server/testing/index.ts';
import { createTopazDecisionService, type TopazDecisionService } from './index.ts';

const alice: Identity = { type: 'IDENTITY_TYPE_SUB', value: 'alice' };
const nobody: Identity = { type: 'IDENTITY_TYPE_NONE' };
const query = (
  identity: Identity,
  policyPath: string,
  resourceContext = {},
  decisions = ['allowed'],
): DecisionQuery => ({
  identity,
  policyPath,
  decisions,
  resourceContext,
});

const decisions = new InMemoryDecisionService({
  rules: {
    'app.GET.docs': (q) => q.identity.type === 'IDENTITY_TYPE_SUB',
    'app.GET.docs.__id': (q) => ({
      allowed: q.resourceContext.owner === q.identity.value,
      visible: q.identity.type === 'IDENTITY_TYPE_SUB',
    }),
  },
});
/** `app.GET.slow` answers only when its call is aborted. */
const service: DecisionService = {
  decide: (q, options) =>
    q.policyPath === 'app.GET.slow'
      ? new Promise((_, reject) =>
          options?.signal?.addEventListener('abort', () =>
            reject(new DecisionServiceError('deadline_exceeded', 'aborted')),
          ),
        )
      : decisions.decide(q),
};

let topaz: TestTopazServer;
let adapter: TopazDecisionService;

async function failure(call: Promise<unknown>): Promise<DecisionServiceError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DecisionServiceError);
  return error as DecisionServiceError;
}

beforeAll(async () => {
  topaz = await startTestTopazServer({
    decisionService: service,
    relationDirectory: new MemoryRelationDirectory(),
    policyCatalog: new MemoryPolicyCatalog([
      { id: 'list.rego', packagePath: 'app.GET.docs', ruleNames: ['allowed'], raw: '' },
      { id: 'get.rego', packagePath: 'app.GET.docs.__id', ruleNames: ['allowed', 'visible'], raw: '' },
    ]),
    apiKeys: ['k3y'],
  });
  adapter = createTopazDecisionService({
    url: topaz.server.authorizerUrl,
    caFile: topaz.caFile,
    apiKey: 'k3y',
    policyInstanceName: 'app',
    timeoutMs: 10_000,
  });
});

afterAll(async () => {
  await adapter?.close();
  await topaz?.close();
});

describe('decide over gRPC', () => {
  it('answers Is decisions for the identity and resource context', async () => {
    expect(await adapter.decide(query(alice, 'app.GET.docs'))).toEqual({ allowed: true });
    expect(await adapter.decide(query(nobody, 'app.GET.docs'))).toEqual({ allowed: false });
    expect(
      await adapter.decide(
        query(alice, 'app.GET.docs.__id', { owner: 'alice', tags: ['a'] }, ['allowed', 'visible']),
      ),
    ).toEqual({ allowed: true, visible: true });
    expect(await adapter.decide(query(alice, 'app.GET.docs.__id', { owner: 'bob' }))).toEqual({
      allowed: false,
    });
  });

  it('merges batch queries that differ only in their decisions into one Is call, keeping order', async () => {
    const before = decisions.calls;
    const answers = await adapter.decideBatch([
      query(alice, 'app.GET.docs.__id', { owner: 'alice' }, ['allowed']),
      query(nobody, 'app.GET.docs'),
      query(alice, 'app.GET.docs.__id', { owner: 'alice' }, ['visible']),
      query(alice, 'app.GET.docs.__id', { owner: 'bob' }),
    ]);
    expect(answers).toEqual([{ allowed: true }, { allowed: false }, { visible: true }, { allowed: false }]);
    expect(decisions.calls - before).toBe(3);
  });

  it('answers a decision tree for every package under a path', async () => {
    const tree = await adapter.decisionTree({
      identity: alice,
      policyPath: 'app.GET',
      decisions: ['allowed'],
      resourceContext: { owner: 'alice' },
    });
    expect(tree).toEqual({ 'app.GET.docs': { allowed: true }, 'app.GET.docs.__id': { allowed: true } });
  });

  it('lists the packages of the policies Topaz has loaded, dotted and without data.', async () => {
    expect(await adapter.listPolicyPackages()).toEqual(['app.GET.docs', 'app.GET.docs.__id']);
  });
});

describe('failures', () => {
  it('reports an unknown policy path as policy_not_found, which is not transient', async () => {
    const error = await failure(adapter.decide(query(alice, 'app.GET.nowhere')));
    expect(error.code).toBe('policy_not_found');
    expect(error.transient).toBe(false);
    expect(error.message).toContain('undefined results: x0 = data.app.GET.nowhere.allowed');
  });

  it('reports a request Topaz rejects as invalid_request, which is not transient', async () => {
    const noValue = await failure(adapter.decide(query({ type: 'IDENTITY_TYPE_SUB' }, 'app.GET.docs')));
    const noDecisions = await failure(adapter.decide(query(alice, 'app.GET.docs', {}, [])));
    const notJson = await failure(adapter.decide(query(alice, 'app.GET.docs', { n: 1n })));
    expect([noValue.code, noDecisions.code, notJson.code]).toEqual([
      'invalid_request',
      'invalid_request',
      'invalid_request',
    ]);
    expect(noDecisions.message).toContain('policy context decisions not set');
    expect([noValue.transient, noDecisions.transient, notJson.transient]).toEqual([false, false, false]);
  });

  it('reports a missing or wrong API key as invalid_request, not as an outage', async () => {
    const wrongKey = createTopazDecisionService({
      url: topaz.server.authorizerUrl,
      caFile: topaz.caFile,
      apiKey: 'wrong',
      policyInstanceName: 'app',
    });
    try {
      const error = await failure(wrongKey.decide(query(alice, 'app.GET.docs')));
      expect([error.code, error.transient]).toEqual(['invalid_request', false]);
      expect(error.message).toContain('rejected the credentials');
    } finally {
      await wrongKey.close();
    }
  });

  it('reports an untrusted certificate as invalid_request naming the TLS settings', async () => {
    const untrusting = createTopazDecisionService({
      url: topaz.server.authorizerUrl,
      apiKey: 'k3y',
      policyInstanceName: 'app',
    });
    try {
      const error = await failure(untrusting.decide(query(alice, 'app.GET.docs')));
      expect([error.code, error.transient]).toEqual(['invalid_request', false]);
      expect(error.message).toContain('check caFile/insecure');
    } finally {
      await untrusting.close();
    }
  });

  it('reports a slow answer as deadline_exceeded, which is transient', async () => {
    const impatient = createTopazDecisionService({
      url: topaz.server.authorizerUrl,
      caFile: topaz.caFile,
      apiKey: 'k3y',
      policyInstanceName: 'app',
      timeoutMs: 50,
    });
    try {
      const error = await failure(impatient.decide(query(alice, 'app.GET.slow')));
      expect([error.code, error.transient]).toEqual(['deadline_exceeded', true]);
    } finally {
      await impatient.close();
    }
  });

  it('reports a call the caller aborts as deadline_exceeded', async () => {
    const controller = new AbortController();
    const call = adapter.decide(query(alice, 'app.GET.slow'), { signal: controller.signal });
    controller.abort();
    const error = await failure(call);
    expect(error.code).toBe('deadline_exceeded');
  });

  it('reports a server that is down (connection refused) as service_unavailable, which is transient', async () => {
    const gone = await startTestTopazServer({
      decisionService: service,
      relationDirectory: new MemoryRelationDirectory(),
    });
    const client = createTopazDecisionService({
      url: gone.server.authorizerUrl,
      caFile: gone.caFile,
      policyInstanceName: 'app',
    });
    try {
      expect(await client.decide(query(alice, 'app.GET.docs'))).toEqual({ allowed: true });
      await gone.close();
      const error = await failure(client.decide(query(alice, 'app.GET.docs')));
      expect([error.code, error.transient]).toEqual(['service_unavailable', true]);
    } finally {
      await client.close();
    }
  });
});
