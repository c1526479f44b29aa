import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { classifyTopazFailure } from './topaz-failure.ts';

// The messages are those Topaz 0.33.16 builds (topazd/authorizer/impl/authz-is.go and identity.go,
// with the codes of go-authorizer's aerr): what its gRPC status carries for each failure.
const topaz = (code: Code, message: string) => new ConnectError(message, code);

describe('Topaz failures', () => {
  it('reports an unknown path or decision as policy_not_found, in the texts of 0.33.13+ and before', () => {
    const current = topaz(
      Code.InvalidArgument,
      'E30010 invalid query: invalid rule: "data.webapp.GET.nowhere.allowed\\n": rego_unsafe_var_error',
    );
    const older = topaz(
      Code.InvalidArgument,
      'E30010 invalid query: undefined results: path=webapp.GET.nowhere decisions=[allowed]',
    );
    expect(classifyTopazFailure(current, 'Is').code).toBe('policy_not_found');
    expect(classifyTopazFailure(older, 'Is').code).toBe('policy_not_found');
  });

  it('keeps evaluation failures apart from missing policies', () => {
    const failed = topaz(
      Code.InvalidArgument,
      'E30010 invalid query: query evaluation failed: path=webapp.check decisions=[allowed]',
    );
    expect(classifyTopazFailure(failed, 'Is').code).toBe('evaluation_failed');
  });

  it('says what is missing when Topaz cannot resolve the identity to a user', () => {
    const error = classifyTopazFailure(
      topaz(Code.NotFound, 'E30007 authentication failed: failed to resolve user from identity'),
      'Is',
    );
    expect(error.code).toBe('invalid_request');
    expect(error.message).toContain('user:<id>#identifier@identity:<sub>');
  });

  it("takes an E30007 that came with the call's deadline for Topaz's deadline: transient, no denial", () => {
    const e30007 = topaz(Code.NotFound, 'E30007 authentication failed: failed to resolve user from identity');
    const atDeadline = classifyTopazFailure(e30007, 'Is', { elapsedMs: 995, timeoutMs: 1_000 });
    expect(atDeadline.code).toBe('deadline_exceeded');
    expect(atDeadline.transient).toBe(true);
    expect(classifyTopazFailure(e30007, 'Is', { elapsedMs: 3, timeoutMs: 1_000 }).code).toBe(
      'invalid_request',
    );
  });

  it('treats an unreachable Topaz as a transient failure', () => {
    expect(classifyTopazFailure(topaz(Code.Unavailable, 'connect ECONNREFUSED'), 'Is').code).toBe(
      'service_unavailable',
    );
  });
});
