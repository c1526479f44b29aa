/**
 * A batch of decisions as one call of Topaz's authorizer `Query`: the queries of one identity
 * and one policy path become one Rego query that evaluates each decision once per resource
 * context (`with input.resource as …`), so Topaz resolves the identity and compiles the query
 * once for the whole batch instead of once per `Is`. The input is the one `Is` builds (identity
 * and user resolved by Topaz, `policy` with the path and decisions) plus the resource contexts
 * under `gatehouse_batch`; each answer comes back with its position.
 */
import type { QueryRequestSchema } from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/authorizer_pb.js';
import type { JsonObject, JsonValue, MessageInitShape } from '@bufbuild/protobuf';
import {
  type DecisionQuery,
  DecisionServiceError,
  type Decisions,
  type Identity,
  type ResourceContext,
} from '@gatehousejs/core';
import { canonicalJson } from '@gatehousejs/core/adapter';
import { identityContextOf, type PolicyInstance, structOf } from './authorizer-messages.ts';

/** Queries of one identity and policy path, each resource context once. */
export interface BatchGroup {
  readonly identity: Identity;
  readonly policyPath: string;
  readonly decisions: readonly string[];
  readonly resourceContexts: readonly ResourceContext[];
}

/** Where each query of a batch is answered: its group and the position of its resource context. */
export interface BatchPlan {
  readonly groups: readonly BatchGroup[];
  readonly slots: readonly { readonly group: number; readonly position: number }[];
}

/**
 * Resource contexts per `Query` call, at most. Topaz evaluates a batch's policy once per resource
 * (about 1 ms of its processor each, `with input.resource as …` and the directory checks), so a
 * call's time grows with its size: a slice this small answers well within the deadline even on a
 * busy machine, while the identity is still resolved once per slice, not once per decision.
 */
export const QUERY_RESOURCES = 25;

const REGO_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Splits queries into groups of one identity and path; identical resource contexts are asked once. */
export function planBatch(queries: readonly DecisionQuery[]): BatchPlan {
  type Building = {
    group: BatchGroup & { decisions: string[]; resourceContexts: ResourceContext[] };
    positions: Map<string, number>;
  };
  const groups = new Map<string, Building>();
  const order: Building[] = [];
  const slots = queries.map((query) => {
    const key = canonicalJson([query.identity.type, query.identity.value ?? null, query.policyPath]);
    let building = groups.get(key);
    if (!building) {
      building = {
        group: {
          identity: query.identity,
          policyPath: query.policyPath,
          decisions: [],
          resourceContexts: [],
        },
        positions: new Map(),
      };
      groups.set(key, building);
      order.push(building);
    }
    for (const decision of query.decisions) {
      if (!building.group.decisions.includes(decision)) building.group.decisions.push(decision);
    }
    const contextKey = canonicalJson(query.resourceContext);
    let position = building.positions.get(contextKey);
    if (position === undefined) {
      position = building.group.resourceContexts.length;
      building.group.resourceContexts.push(query.resourceContext);
      building.positions.set(contextKey, position);
    }
    return { group: order.indexOf(building), position };
  });
  return { groups: order.map((b) => b.group), slots };
}

/** `data.<path>.<decision>`, each segment checked to be a Rego name. */
export function regoRef(policyPath: string, decision: string): string {
  const segments = [...policyPath.split('.'), decision];
  const bad = segments.find((segment) => !REGO_NAME.test(segment));
  if (bad !== undefined) {
    throw new DecisionServiceError(
      'invalid_request',
      `cannot query ${policyPath}.${decision}: ${JSON.stringify(bad)} is not a Rego name`,
    );
  }
  return `data.${segments.join('.')}`;
}

/** The `Query` request of a group. */
export function batchQueryRequest(
  group: BatchGroup,
  policyInstance: PolicyInstance,
): MessageInitShape<typeof QueryRequestSchema> {
  const lines = group.decisions.map(
    (decision, k) =>
      `x${k} = [[i, v] | r := input.gatehouse_batch[i]; v := ${regoRef(group.policyPath, decision)} with input.resource as r]`,
  );
  const resources = group.resourceContexts.map((context) => structOf(context));
  return {
    query: lines.join('\n'),
    input: JSON.stringify({ gatehouse_batch: resources }),
    identityContext: identityContextOf(group.identity),
    policyContext: { path: group.policyPath, decisions: [...group.decisions] },
    policyInstance,
  };
}

/**
 * The answers of a group, by position: a decision the policy leaves undefined for a resource is
 * `false`. `undefined` when no decision is defined for any resource (an unknown path: the caller
 * asks `Is`, whose error names it).
 */
export function batchAnswers(group: BatchGroup, response: JsonObject | undefined): Decisions[] | undefined {
  const result = response?.result;
  const bindings = Array.isArray(result)
    ? (result[0] as { bindings?: Record<string, JsonValue> } | undefined)?.bindings
    : undefined;
  if (!bindings) return undefined;
  const answers: Record<string, boolean>[] = group.resourceContexts.map(() => ({}));
  let defined = false;
  group.decisions.forEach((decision, k) => {
    const pairs = bindings[`x${k}`];
    if (!Array.isArray(pairs)) return;
    for (const pair of pairs) {
      if (!Array.isArray(pair) || typeof pair[0] !== 'number') continue;
      const answer = answers[pair[0]];
      if (!answer) continue;
      answer[decision] = pair[1] === true;
      defined = true;
    }
  });
  if (!defined && group.resourceContexts.length > 0) return undefined;
  return answers.map((answer) => Object.fromEntries(group.decisions.map((d) => [d, answer[d] === true])));
}
