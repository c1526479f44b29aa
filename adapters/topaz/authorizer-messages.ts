/**
 * Decision queries as Topaz authorizer requests: identity context, policy context, resource
 * context (a protobuf Struct: JSON values only) and policy instance.
 */
import { IdentityType } from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/api/identity_context_pb.js';
import type { IsRequestSchema } from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/authorizer_pb.js';
import type { JsonObject, MessageInitShape } from '@bufbuild/protobuf';
import {
  type IdentityType as CoreIdentityType,
  DecisionServiceError,
  type Identity,
  type ResourceContext,
} from '@gatehousejs/core';

/** The policy instance sent with every request. */
export interface PolicyInstance {
  readonly name: string;
  readonly instanceLabel: string;
}

const identityTypes: Readonly<Record<CoreIdentityType, IdentityType>> = {
  IDENTITY_TYPE_NONE: IdentityType.NONE,
  IDENTITY_TYPE_SUB: IdentityType.SUB,
  IDENTITY_TYPE_JWT: IdentityType.JWT,
  IDENTITY_TYPE_MANUAL: IdentityType.MANUAL,
};

/** Topaz's identity context for `identity`. */
export function identityContextOf(identity: Identity): { type: IdentityType; identity: string } {
  const type = identityTypes[identity.type];
  if (type === undefined) {
    throw new DecisionServiceError(
      'invalid_request',
      `unknown identity type ${JSON.stringify(identity.type)}`,
    );
  }
  return { type, identity: identity.value ?? '' };
}

/** The resource context as a protobuf Struct value (undefined members dropped, as in JSON). */
export function structOf(context: ResourceContext): JsonObject {
  try {
    return JSON.parse(JSON.stringify(context)) as JsonObject;
  } catch (error) {
    throw new DecisionServiceError(
      'invalid_request',
      `the resource context must hold JSON values only: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

/** The `Is` request of a query. */
export function isRequestOf(
  query: {
    identity: Identity;
    policyPath: string;
    decisions: readonly string[];
    resourceContext: ResourceContext;
  },
  policyInstance: PolicyInstance,
): MessageInitShape<typeof IsRequestSchema> {
  return {
    identityContext: identityContextOf(query.identity),
    policyContext: { path: query.policyPath, decisions: [...query.decisions] },
    resourceContext: structOf(query.resourceContext),
    policyInstance,
  };
}
