import { Authorizer as SdkAuthorizer } from '@aserto/aserto-node';
import { IdentityType } from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/api/identity_context_pb.js';
import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DecisionService, DecisionServiceError } from '../../core/index.ts';
import { InMemoryDecisionService } from '../../core/testing/in-memory-decision-service.ts';
import { ErrorInfoSchema } from './error-info.ts';
import {
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
  },
});
/** Signals of calls to `app.GET.slow`, which only end when aborted. */
const slowCalls: AbortSignal[] = [];
const service: DecisionService = {
  decide: (query, options) => {
    if (query.policyPath !== 'app.GET.slow') return decisionService.decide(query);
    const signal = options?.signal ?? new AbortController().signal;
    slowCalls.push(signal);
    return new Promise((_, reject) =>
      signal.addEventListener('abort', () =>
        reject(new DecisionServiceError('deadline_exceeded', 'aborted')),
      ),
    );
  },
};

const sub = (identity: string) => ({ type: IdentityType.SUB, identity });
const policy = (path: string, decisions = ['allowed']) => ({ path, decisions });

let topaz: TestTopazServer;
let sdk: SdkAuthorizer;

beforeAll(async () => {
  topaz = await startTestTopazServer({
    decisionService: service,
    relationDirectory: new MemoryRelationDirectory(),
  });
  // The real SDK client (what applications using @aserto/aserto-node run).
  sdk = new SdkAuthorizer({ authorizerServiceUrl: topaz.server.authorizerUrl, caFile: topaz.caFile });
});

afterAll(async () => {
  await topaz?.close();
});

describe('Is', () => {
  it('answers the SDK client with the decision service outcome', async () => {
    const is = (identityContext: { type: IdentityType; identity: string }) =>
      sdk.Is({ identityContext, policyContext: policy('app.GET.docs'), resourceContext: {} });
    expect(await is(sub('alice'))).toBe(true);
    expect(await is({ type: IdentityType.NONE, identity: '' })).toBe(false);
  });

  it('answers every requested decision, in order, with identity and resource context passed through', async () => {
    const response = await sdk.AuthClient.is({
      identityContext: sub('alice'),
      policyContext: policy('app.GET.docs.__id', ['visible', 'allowed']),
      resourceContext: { owner: 'alice' },
    });
    expect(response.decisions.map((d) => [d.decision, d.is])).toEqual([
      ['visible', true],
      ['allowed', true],
    ]);
    const other = await sdk.AuthClient.is({
      identityContext: sub('bob'),
      policyContext: policy('app.GET.docs.__id'),
      resourceContext: { owner: 'alice' },
    });
    expect(other.decisions[0]?.is).toBe(false);
  });

  it('rejects a request without identity context with InvalidArgument, as Topaz does', async () => {
    const error = await rejection(sdk.AuthClient.is({ policyContext: policy('app.GET.docs') }));
    expect(error.code).toBe(Code.InvalidArgument);
    expect(error.rawMessage).toBe('E30008 invalid argument: identity context not set');
    const [info] = error.findDetails(ErrorInfoSchema) as unknown as {
      domain: string;
      metadata: Record<string, string>;
    }[];
    expect(info?.domain).toBe('E30008');
    expect(info?.metadata).toMatchObject({
      msg: 'identity context not set',
      'aserto-http-statuscode': '400',
    });
  });

  it('rejects missing policy context, path, decisions and an UNKNOWN identity type in Topaz order', async () => {
    const messages = await Promise.all(
      [
        { identityContext: sub('alice') },
        { identityContext: sub('alice'), policyContext: policy('') },
        { identityContext: sub('alice'), policyContext: policy('app.GET.docs', []) },
        {
          identityContext: { type: IdentityType.UNKNOWN, identity: 'x' },
          policyContext: policy('app.GET.docs'),
        },
      ].map(async (request) => (await rejection(sdk.AuthClient.is(request))).rawMessage),
    );
    expect(messages).toEqual([
      'E30008 invalid argument: policy context not set',
      'E30008 invalid argument: policy context path not set',
      'E30008 invalid argument: policy context decisions not set',
      'E30008 invalid argument: identity type UNKNOWN',
    ]);
  });

  it('refuses a request message over 4 MiB with ResourceExhausted', async () => {
    const error = await rejection(
      sdk.AuthClient.is({
        identityContext: sub('alice'),
        policyContext: policy('app.GET.docs'),
        resourceContext: { blob: 'x'.repeat(5 * 1024 * 1024) },
      }),
    );
    expect(error.code).toBe(Code.ResourceExhausted);
  });

  it('cannot resolve a subject identity without a value (NotFound, E30007)', async () => {
    const error = await rejection(
      sdk.AuthClient.is({ identityContext: sub(''), policyContext: policy('app.GET.docs') }),
    );
    expect(error.code).toBe(Code.NotFound);
    expect(error.rawMessage).toBe('E30007 authentication failed: failed to resolve identity context');
  });

  it('reports an unknown policy path as Topaz does: E30010 undefined results', async () => {
    const error = await rejection(
      sdk.AuthClient.is({
        identityContext: sub('alice'),
        policyContext: policy('app.GET.nowhere', ['allowed', 'x']),
      }),
    );
    expect(error.code).toBe(Code.InvalidArgument);
    expect(error.rawMessage).toBe(
      'E30010 invalid query: undefined results: x0 = data.app.GET.nowhere.allowed\nx1 = data.app.GET.nowhere.x\n',
    );
  });

  it("aborts the decision service call when the caller's deadline passes", async () => {
    const error = await rejection(
      sdk.AuthClient.is(
        { identityContext: sub('alice'), policyContext: policy('app.GET.slow') },
        { timeoutMs: 50 },
      ),
    );
    expect(error.code).toBe(Code.DeadlineExceeded);
    await vi.waitFor(() => expect(slowCalls.at(-1)?.aborted).toBe(true));
  });
});
