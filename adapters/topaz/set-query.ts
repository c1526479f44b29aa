/**
 * A set-valued decision as one call of Topaz's authorizer `Query`: the query
 * `x = data.<path>.<rule>` with the caller's identity (Topaz resolves the user as for `Is`) and the
 * resource context as `input.resource`, so Topaz evaluates the rule once — e.g. the ids among a
 * page's candidates that the caller may read, through one `ds.graph` — instead of once per item.
 */
import type { QueryRequestSchema } from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/authorizer_pb.js';
import type { JsonObject, JsonValue, MessageInitShape } from '@bufbuild/protobuf';
import { DecisionServiceError, type SetDecisionQuery } from '@gatehousejs/core';
import { identityContextOf, type PolicyInstance, structOf } from './authorizer-messages.ts';
import { regoRef } from './batch-query.ts';

/** The `Query` request of a set decision. */
export function setQueryRequest(
  query: SetDecisionQuery,
  policyInstance: PolicyInstance,
): MessageInitShape<typeof QueryRequestSchema> {
  return {
    query: `x = ${regoRef(query.policyPath, query.decision)}`,
    resourceContext: structOf(query.resourceContext),
    identityContext: identityContextOf(query.identity),
    policyContext: { path: query.policyPath, decisions: [query.decision] },
    policyInstance,
  };
}

/**
 * The members of the answer; `undefined` when the rule is undefined (no policy defines it).
 *
 * @throws {DecisionServiceError} `evaluation_failed` when the value is not a set of strings
 */
export function setAnswer(query: SetDecisionQuery, response: JsonObject | undefined): string[] | undefined {
  const result = response?.result;
  const bindings = Array.isArray(result)
    ? (result[0] as { bindings?: Record<string, JsonValue> } | undefined)?.bindings
    : undefined;
  const value = bindings?.x;
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((member) => typeof member !== 'string')) {
    throw new DecisionServiceError(
      'evaluation_failed',
      `${query.policyPath}.${query.decision} must be a set of strings, but is ${JSON.stringify(value).slice(0, 80)}`,
    );
  }
  return value as string[];
}
