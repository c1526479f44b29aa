/**
 * Request checks of the authorizer API, in Topaz's order and with Topaz's messages, and the
 * conversion of its identity context into core's `Identity`.
 */

import type { IdentityContext } from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/api/identity_context_pb.js';
import { IdentityType } from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/api/identity_context_pb.js';
import type { PolicyContext } from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/api/policy_context_pb.js';
import { Code } from '@connectrpc/connect';
import type { IdentityType as CoreIdentityType, Identity } from '../../core/index.ts';
import { topazError, topazErrors } from './topaz-errors.ts';

function invalid(msg: string): never {
  throw topazError(topazErrors.invalidArgument, { msg });
}

/** Checks an `Is` request as Topaz does; returns its (present) contexts. */
export function verifyIsRequest(req: { policyContext?: PolicyContext; identityContext?: IdentityContext }): {
  policyContext: PolicyContext;
  identityContext: IdentityContext;
} {
  const { policyContext, identityContext } = req;
  if (!policyContext) invalid('policy context not set');
  if (policyContext.path === '') invalid('policy context path not set');
  if (policyContext.decisions.length === 0) invalid('policy context decisions not set');
  if (!identityContext) invalid('identity context not set');
  if (identityContext.type === IdentityType.UNKNOWN) invalid('identity type UNKNOWN');
  return { policyContext, identityContext };
}

/** Checks a `DecisionTree` request as Topaz does; returns its (present) contexts. */
export function verifyDecisionTreeRequest(req: {
  policyContext?: PolicyContext;
  identityContext?: IdentityContext;
}): { policyContext: PolicyContext; identityContext: IdentityContext } {
  const { policyContext, identityContext } = req;
  if (!policyContext) invalid('policy context not set');
  if (policyContext.path === '') invalid('policy context path not set');
  if (!identityContext || identityContext.type === IdentityType.UNKNOWN) invalid('identity type UNKNOWN');
  return { policyContext, identityContext };
}

/** Checks a `Query` request as Topaz does; returns its (present) identity context. */
export function verifyQueryRequest(req: {
  query: string;
  identityContext?: IdentityContext;
}): IdentityContext {
  if (req.query === '') invalid('query not set');
  if (!req.identityContext || req.identityContext.type === IdentityType.UNKNOWN)
    invalid('identity type UNKNOWN');
  return req.identityContext;
}

const coreIdentityTypes: Readonly<Partial<Record<IdentityType, CoreIdentityType>>> = {
  [IdentityType.NONE]: 'IDENTITY_TYPE_NONE',
  [IdentityType.SUB]: 'IDENTITY_TYPE_SUB',
  [IdentityType.JWT]: 'IDENTITY_TYPE_JWT',
  [IdentityType.MANUAL]: 'IDENTITY_TYPE_MANUAL',
};

/**
 * The caller named by a (verified) identity context. Like Topaz, an identity of any type but
 * NONE without a value cannot be resolved: `E30007` with gRPC status NotFound.
 */
export function identityOf(context: IdentityContext): Identity {
  const type = coreIdentityTypes[context.type];
  if (type === 'IDENTITY_TYPE_NONE') return { type };
  if (!type || context.identity === '') {
    throw topazError(topazErrors.authenticationFailed, {
      msg: 'failed to resolve identity context',
      grpc: Code.NotFound,
    });
  }
  return { type, value: context.identity };
}

/** The policy context as Topaz exposes it in `input.policy` (protojson field names). */
export function policyInputOf(context: PolicyContext): Record<string, unknown> {
  return { path: context.path, decisions: [...context.decisions] };
}
