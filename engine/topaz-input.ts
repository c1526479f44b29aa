/**
 * The policy input as Topaz 0.33.16 builds it (topazd/authorizer/impl/identity.go), for an engine
 * that must decide exactly as Topaz does: no `input.identity` at all for IDENTITY_TYPE_NONE; for
 * IDENTITY_TYPE_SUB `input.identity = { type, identity }` and `input.user`, the directory user whose
 * `identifier` is the caller's identity — and no decision at all when there is none.
 */
import { DecisionServiceError } from '@gatehousejs/core';
import type { DirectoryModel, DirectoryReader, RelationStore } from '@gatehousejs/directory';
import type { PlainObject, Value } from '@gatehousejs/rego';
import { objectJson } from './directory-builtins/index.ts';

/** The user Topaz resolves an identity to: `user:?#identifier@identity:<sub>`, or the legacy inverse. */
function resolveUser(sub: string, reader: DirectoryReader, model: DirectoryModel): string | undefined {
  // Topaz picks the direction by whether the model has `user#identifier` (resolutionDirection).
  if (model.types.get('user')?.relations.has('identifier')) {
    const [found] = reader.relations({
      objectType: 'user',
      relation: 'identifier',
      subjectType: 'identity',
      subjectId: sub,
    });
    return found?.objectId;
  }
  const [legacy] = reader.relations({
    objectType: 'identity',
    objectId: sub,
    relation: 'identifier',
    subjectType: 'user',
  });
  return legacy?.subjectId;
}

/**
 * Rewrites the engine's `{ type, value }` identity into Topaz's `identity` and `user` fields.
 *
 * @throws {DecisionServiceError} `invalid_request` when no user has the identity as `identifier`
 *   (Topaz: `E30007 … failed to resolve user from identity`), or for IDENTITY_TYPE_JWT
 */
export function topazCallerInput(
  identity: PlainObject,
  reader: DirectoryReader,
  model: DirectoryModel,
): { identity?: PlainObject; user?: Value } {
  const type = identity.type as string;
  const value = identity.value as string | undefined;
  if (type === 'IDENTITY_TYPE_NONE') return {};
  if (type === 'IDENTITY_TYPE_JWT') {
    throw new DecisionServiceError('invalid_request', 'IDENTITY_TYPE_JWT is not supported with Topaz input');
  }
  const topazIdentity = { type, identity: value ?? '' };
  if (type === 'IDENTITY_TYPE_MANUAL') return { identity: topazIdentity, user: {} };
  const userId = resolveUser(value ?? '', reader, model);
  if (userId === undefined) {
    throw new DecisionServiceError(
      'invalid_request',
      `E30007 authentication failed: failed to resolve user from identity (no user has identity:${value} as identifier)`,
    );
  }
  const record = reader.object('user', userId);
  return { identity: topazIdentity, user: record ? objectJson(record) : { type: 'user', id: userId } };
}

type CallerInput = ReturnType<typeof topazCallerInput>;

/**
 * Topaz's caller fields within one batch: the last caller's (core puts the same caller in every
 * query of a request: two string comparisons, no key built and no map read), and others' by
 * `type NUL value`.
 */
export interface CallerInputs {
  lastType: string | undefined;
  lastValue: string | undefined;
  last: CallerInput | undefined;
  readonly byValue: Map<string, CallerInput>;
}

/** An empty memo of callers, for one batch. */
export function callerInputs(): CallerInputs {
  return { lastType: undefined, lastValue: undefined, last: undefined, byValue: new Map() };
}

/**
 * The input Topaz would give the policy for the engine's `input` (`identity`, `policy`,
 * `resource`): Topaz's `identity` and `user` from {@link topazCallerInput}, remembered in `callers`
 * for the rest of a batch.
 *
 * @throws {DecisionServiceError} as {@link topazCallerInput}
 */
export function topazDecisionInput(
  input: PlainObject,
  store: Pick<RelationStore, 'reader' | 'model'>,
  callers: CallerInputs | undefined,
): PlainObject {
  const identity = input.identity as { type: string; value?: string };
  let caller: CallerInput | undefined;
  if (callers?.last && identity.type === callers.lastType && identity.value === callers.lastValue) {
    caller = callers.last;
  } else {
    const key = `${identity.type}\u0000${identity.value ?? ''}`;
    caller = callers?.byValue.get(key);
    if (!caller) {
      caller = topazCallerInput(identity as PlainObject, store.reader, store.model);
      callers?.byValue.set(key, caller);
    }
    if (callers) {
      callers.lastType = identity.type;
      callers.lastValue = identity.value;
      callers.last = caller;
    }
  }
  // Built field by field: an object rest (`{ identity, ...rest }`) costs more than the evaluation.
  const topaz: { [key: string]: Value } = {
    policy: input.policy as Value,
    resource: input.resource as Value,
  };
  if (caller.identity) topaz.identity = caller.identity;
  if (caller.user !== undefined) topaz.user = caller.user;
  return topaz;
}
