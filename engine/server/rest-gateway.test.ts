import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryDecisionService } from '../../core/testing/in-memory-decision-service.ts';
import {
  DecisionQueryEvaluator,
  httpsJson,
  MemoryPolicyCatalog,
  MemoryRelationDirectory,
  startTestTopazServer,
  type TestTopazServer,
} from './testing/index.ts';

const decisionService = new InMemoryDecisionService({
  rules: {
    'app.GET.docs': (q) => q.identity.type === 'IDENTITY_TYPE_SUB',
    'app.GET.docs.__id': (q) => q.resourceContext.owner === q.identity.value,
  },
});
const catalog = new MemoryPolicyCatalog([
  {
    id: 'docs_list.rego',
    packagePath: 'app.GET.docs',
    ruleNames: ['allowed'],
    raw: 'package app.GET.docs\n',
  },
  {
    id: 'docs_get.rego',
    packagePath: 'app.GET.docs.__id',
    ruleNames: ['allowed'],
    raw: 'package app.GET.docs.__id\n',
  },
]);

let topaz: TestTopazServer;
const call = (path: string, body?: unknown, headers?: Record<string, string>) =>
  httpsJson(`${topaz.server.restUrl}${path}`, { ca: topaz.server.caCert, body, headers });

beforeAll(async () => {
  topaz = await startTestTopazServer({
    decisionService,
    relationDirectory: new MemoryRelationDirectory(),
    policyCatalog: catalog,
    queryEvaluator: new DecisionQueryEvaluator(decisionService),
    build: { version: '0.9.0', commit: 'c0ffee', date: '2026-02-02' },
  });
});

afterAll(async () => {
  await topaz?.close();
});

describe('POST /api/v2/authz/is', () => {
  it('answers the decisions as snake_case protobuf JSON, indented like Topaz gateway output', async () => {
    const answer = await call('/api/v2/authz/is', {
      identity_context: { type: 'IDENTITY_TYPE_SUB', identity: 'alice' },
      policy_context: { path: 'app.GET.docs.__id', decisions: ['allowed'] },
      resource_context: { owner: 'alice' },
    });
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe('application/json');
    expect(answer.json).toEqual({ decisions: [{ decision: 'allowed', is: true }] });
    expect(answer.text).toBe(JSON.stringify({ decisions: [{ decision: 'allowed', is: true }] }, null, 2));
  });

  it('accepts camelCase field names and ignores unknown fields, as protojson does', async () => {
    const answer = await call('/api/v2/authz/is', {
      identityContext: { type: 'IDENTITY_TYPE_NONE' },
      policyContext: { path: 'app.GET.docs', decisions: ['allowed'] },
      somethingElse: true,
    });
    expect(answer.json).toEqual({ decisions: [{ decision: 'allowed', is: false }] });
  });

  it('answers a missing identity context with 400 and the gateway error shape', async () => {
    const answer = await call('/api/v2/authz/is', {
      policy_context: { path: 'app.GET.docs', decisions: ['allowed'] },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      code: 3,
      message: 'E30008 invalid argument: identity context not set',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: expect.any(String),
          domain: 'E30008',
          metadata: { msg: 'identity context not set', 'aserto-http-statuscode': '400' },
        },
      ],
    });
  });

  it('refuses a body over 4 MiB with 413 before reading it all', async () => {
    const answer = await call('/api/v2/authz/is', {
      resource_context: { blob: 'x'.repeat(5 * 1024 * 1024) },
    });
    expect(answer.status).toBe(413);
    expect((answer.json as { code: number }).code).toBe(8);
  });

  it('answers an unknown policy with 400 E30010, a malformed body with 400 code 3', async () => {
    const unknown = await call('/api/v2/authz/is', {
      identity_context: { type: 'IDENTITY_TYPE_SUB', identity: 'alice' },
      policy_context: { path: 'app.GET.nowhere', decisions: ['allowed'] },
    });
    expect(unknown.status).toBe(400);
    expect((unknown.json as { message: string }).message).toBe(
      'E30010 invalid query: undefined results: x0 = data.app.GET.nowhere.allowed\n',
    );
    const notJson = await call('/api/v2/authz/is', '{"identity_context": ');
    const wrongType = await call('/api/v2/authz/is', { identity_context: { type: 'IDENTITY_TYPE_BOGUS' } });
    expect([notJson.status, wrongType.status]).toEqual([400, 400]);
    expect([(notJson.json as { code: number }).code, (wrongType.json as { code: number }).code]).toEqual([
      3, 3,
    ]);
  });
});

describe('POST /api/v2/authz/decisiontree and /query', () => {
  it('answers the decision tree with path_root and path', async () => {
    const answer = await call('/api/v2/authz/decisiontree', {
      identity_context: { type: 'IDENTITY_TYPE_SUB', identity: 'alice' },
      policy_context: { path: 'app', decisions: ['allowed'] },
      resource_context: { owner: 'bob' },
      options: { path_separator: 'PATH_SEPARATOR_SLASH' },
    });
    expect(answer.json).toEqual({
      path_root: 'app',
      path: { 'app/GET/docs': { allowed: true }, 'app/GET/docs/__id': { allowed: false } },
    });
  });

  it('answers a query with response.result, metrics, trace and trace_summary', async () => {
    const answer = await call('/api/v2/authz/query', {
      query: 'x = data.app.GET.docs.allowed',
      identity_context: { type: 'IDENTITY_TYPE_SUB', identity: 'alice' },
    });
    expect(answer.json).toEqual({
      response: {
        result: [
          {
            expressions: [
              { value: true, text: 'x = data.app.GET.docs.allowed', location: { row: 1, col: 1 } },
            ],
            bindings: { x: true },
          },
        ],
      },
      metrics: {},
      trace: [],
      trace_summary: [],
    });
  });
});

describe('GET routes', () => {
  it('answers /api/v2/info with version, commit, date, os and arch', async () => {
    const answer = await call('/api/v2/info');
    expect(answer.json).toEqual({
      version: '0.9.0',
      commit: 'c0ffee',
      date: '2026-02-02',
      os: 'linux',
      arch: expect.stringMatching(/^(amd64|arm64)$/),
    });
  });

  it('lists policies, one policy by id (slashes included), and honours field_mask', async () => {
    const list = await call('/api/v2/policies?field_mask=id,package_path');
    expect(list.json).toEqual({
      result: [
        { id: 'docs_list.rego', package_path: 'data.app.GET.docs' },
        { id: 'docs_get.rego', package_path: 'data.app.GET.docs.__id' },
      ],
    });
    const one = await call('/api/v2/policies/docs_get.rego');
    expect((one.json as { result: { raw: string } }).result.raw).toBe('package app.GET.docs.__id\n');
    const missing = await call('/api/v2/policies/dir/none.rego');
    expect([missing.status, (missing.json as { message: string }).message]).toEqual([
      404,
      'E10004 policy not found',
    ]);
  });

  it('answers an unknown route with 404 and code 5', async () => {
    const answer = await call('/api/v2/nothing');
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ code: 5, message: 'Not Found', details: [] });
  });
});

describe('API keys', () => {
  it('rejects calls without a configured key with 401 and accepts `basic <key>`', async () => {
    const locked = await startTestTopazServer({
      decisionService,
      relationDirectory: new MemoryRelationDirectory(),
      apiKeys: ['k3y'],
    });
    try {
      const url = `${locked.server.restUrl}/api/v2/info`;
      const without = await httpsJson(url, { ca: locked.server.caCert });
      const wrong = await httpsJson(url, {
        ca: locked.server.caCert,
        headers: { authorization: 'basic nope' },
      });
      const right = await httpsJson(url, {
        ca: locked.server.caCert,
        headers: { authorization: 'Basic k3y' },
      });
      expect([without.status, wrong.status, right.status]).toEqual([401, 401, 200]);
      expect((without.json as { message: string }).message).toBe(
        'E30007 authentication failed: missing or invalid API key',
      );
    } finally {
      await locked.close();
    }
  });
});
