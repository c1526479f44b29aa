import { Authorizer as SdkAuthorizer } from '@aserto/aserto-node';
import { IdentityType } from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/api/identity_context_pb.js';
import { PathSeparator } from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/authorizer_pb.js';
import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryDecisionService } from '../../core/testing/in-memory-decision-service.ts';
import {
  DecisionQueryEvaluator,
  MemoryPolicyCatalog,
  MemoryRelationDirectory,
  connectRejection as rejection,
  startTestTopazServer,
  type TestTopazServer,
} from './testing/index.ts';

const decisionService = new InMemoryDecisionService({
  rules: {
    'app.GET.docs': (q) => q.identity.type === 'IDENTITY_TYPE_SUB',
    'app.GET.docs.__id': (q) => ({
      allowed: q.resourceContext.owner === q.identity.value,
      visible: q.identity.type !== 'IDENTITY_TYPE_NONE',
    }),
    'app.POST.docs': (q) => q.identity.value === 'admin',
  },
});
const catalog = new MemoryPolicyCatalog([
  {
    id: 'app/docs_list.rego',
    packagePath: 'app.GET.docs',
    ruleNames: ['allowed'],
    raw: 'package app.GET.docs\n',
  },
  {
    id: 'app/docs_get.rego',
    packagePath: 'app.GET.docs.__id',
    ruleNames: ['allowed', 'visible'],
    raw: 'package app.GET.docs.__id\n',
    ast: { package: { path: 'data.app.GET.docs.__id' } },
  },
  {
    id: 'app/docs_create.rego',
    packagePath: 'app.POST.docs',
    ruleNames: ['allowed'],
    raw: 'package app.POST.docs\n',
  },
]);
const evaluator = new DecisionQueryEvaluator(decisionService);

const sub = (identity: string) => ({ type: IdentityType.SUB, identity });
const policy = (path: string, decisions = ['allowed']) => ({ path, decisions });

let topaz: TestTopazServer;
let sdk: SdkAuthorizer;

beforeAll(async () => {
  topaz = await startTestTopazServer({
    decisionService,
    relationDirectory: new MemoryRelationDirectory(),
    policyCatalog: catalog,
    queryEvaluator: evaluator,
    build: { version: '1.2.3', commit: 'abc', date: '2026-01-01' },
  });
  // The real SDK client (what applications using @aserto/aserto-node run).
  sdk = new SdkAuthorizer({ authorizerServiceUrl: topaz.server.authorizerUrl, caFile: topaz.caFile });
});

afterAll(async () => {
  await topaz?.close();
});

describe('DecisionTree', () => {
  it('evaluates every package under the path that defines a requested decision', async () => {
    const tree = await sdk.DecisionTree({
      identityContext: sub('alice'),
      policyContext: policy('app.GET'),
      resourceContext: { owner: 'alice' },
    });
    expect(tree).toEqual({
      pathRoot: 'app.GET',
      path: { 'app.GET.docs': { allowed: true }, 'app.GET.docs.__id': { allowed: true } },
    });
  });

  it('separates paths with slashes on request and expands * to every rule', async () => {
    const response = await sdk.AuthClient.decisionTree({
      identityContext: sub('bob'),
      policyContext: policy('app.GET.docs.__id', ['*']),
      resourceContext: { owner: 'alice' },
      options: { pathSeparator: PathSeparator.SLASH },
    });
    expect(response.path).toEqual({ 'app/GET/docs/__id': { allowed: false, visible: true } });
  });

  it('rejects a path with no matching package: no decisions specified', async () => {
    const error = await rejection(
      sdk.AuthClient.decisionTree({ identityContext: sub('alice'), policyContext: policy('other') }),
    );
    expect(error.rawMessage).toBe('E30008 invalid argument: no decisions specified');
    const noIdentity = await rejection(sdk.AuthClient.decisionTree({ policyContext: policy('app') }));
    expect(noIdentity.rawMessage).toBe('E30008 invalid argument: identity type UNKNOWN');
  });
});

describe('Query', () => {
  it('evaluates the query with input built as Topaz builds it', async () => {
    const response = await sdk.Query({
      query: 'x = data.app.POST.docs.allowed',
      input: '{"extra": 1}',
      identityContext: sub('admin'),
      policyContext: policy('app.POST.docs'),
      resourceContext: { id: '7' },
    });
    expect(response).toEqual({
      result: [
        {
          expressions: [
            { value: true, text: 'x = data.app.POST.docs.allowed', location: { row: 1, col: 1 } },
          ],
          bindings: { x: true },
        },
      ],
    });
    expect(evaluator.received.at(-1)).toMatchObject({
      input: { extra: 1, policy: { path: 'app.POST.docs', decisions: ['allowed'] }, resource: { id: '7' } },
      identity: { type: 'IDENTITY_TYPE_SUB', value: 'admin' },
    });
  });

  it('rejects an empty query, a missing identity and input that is not a JSON object', async () => {
    const empty = await rejection(sdk.AuthClient.query({ query: '', identityContext: sub('a') }));
    const anonymous = await rejection(sdk.AuthClient.query({ query: 'x = 1' }));
    const badInput = await rejection(
      sdk.AuthClient.query({ query: 'x = 1', input: '[1]', identityContext: sub('a') }),
    );
    expect([empty.rawMessage, anonymous.rawMessage]).toEqual([
      'E30008 invalid argument: query not set',
      'E30008 invalid argument: identity type UNKNOWN',
    ]);
    expect(badInput.code).toBe(Code.InvalidArgument);
  });

  it('reports a query the evaluator cannot parse as E30010 invalid query', async () => {
    const error = await rejection(sdk.AuthClient.query({ query: 'nonsense(', identityContext: sub('a') }));
    expect(error.code).toBe(Code.InvalidArgument);
    expect(error.rawMessage).toMatch(/^E30010 invalid query: .*cannot parse query/);
  });
});

describe('ListPolicies, GetPolicy, Info', () => {
  it('lists the catalog modules with data.-prefixed package paths, honouring a field mask', async () => {
    const modules = await sdk.ListPolicies({});
    expect(modules.map((m) => [m.id, m.packagePath])).toEqual([
      ['app/docs_list.rego', 'data.app.GET.docs'],
      ['app/docs_get.rego', 'data.app.GET.docs.__id'],
      ['app/docs_create.rego', 'data.app.POST.docs'],
    ]);
    const masked = await sdk.AuthClient.listPolicies({ fieldMask: { paths: ['id'] } });
    expect(masked.result[0]?.id).toBe('app/docs_list.rego');
    expect(masked.result[0]?.raw).toBeUndefined();
  });

  it('gets a policy by id and reports an unknown id as E10004 policy not found', async () => {
    const found = await sdk.AuthClient.getPolicy({ id: 'app/docs_get.rego' });
    expect(found.result?.raw).toBe('package app.GET.docs.__id\n');
    const missing = await rejection(sdk.AuthClient.getPolicy({ id: 'nope.rego' }));
    expect(missing.code).toBe(Code.NotFound);
    expect(missing.rawMessage).toBe('E10004 policy not found');
  });

  it('reports the build and platform in Go terms', async () => {
    const info = await sdk.AuthClient.info({});
    expect(info).toMatchObject({ version: '1.2.3', commit: 'abc', date: '2026-01-01', os: 'linux' });
    expect(['amd64', 'arm64']).toContain(info.arch);
  });
});

describe('without the optional capabilities', () => {
  it('answers Unimplemented for DecisionTree, Query and ListPolicies, and Compile always', async () => {
    const bare = await startTestTopazServer({
      decisionService,
      relationDirectory: new MemoryRelationDirectory(),
    });
    const client = new SdkAuthorizer({
      authorizerServiceUrl: bare.server.authorizerUrl,
      caFile: bare.caFile,
    });
    try {
      const codes = await Promise.all(
        [
          client.AuthClient.decisionTree({ identityContext: sub('a'), policyContext: policy('app') }),
          client.AuthClient.query({ query: 'x = 1', identityContext: sub('a') }),
          client.AuthClient.listPolicies({}),
          client.AuthClient.compile({ query: 'x = 1' }),
        ].map(async (call) => (await rejection(call)).code),
      );
      expect(codes).toEqual([Code.Unimplemented, Code.Unimplemented, Code.Unimplemented, Code.Unimplemented]);
      expect(
        (await client.AuthClient.is({ identityContext: sub('a'), policyContext: policy('app.GET.docs') }))
          .decisions[0]?.is,
      ).toBe(true);
    } finally {
      await bare.close();
    }
  });
});
