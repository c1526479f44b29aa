/**
 * The policy input of a decision, `{ identity, policy, resource }`, built from a `DecisionQuery`
 * after checking every part of it: a malformed query is an `invalid_request` naming the field,
 * never something the policies have to cope with.
 */
import { type DecisionQuery, DecisionServiceError, type Identity, isPackagePath } from '@gatehousejs/core';
import { fromJson, type PlainObject } from '@gatehousejs/rego';

const IDENTITY_TYPES: ReadonlySet<string> = new Set([
  'IDENTITY_TYPE_NONE',
  'IDENTITY_TYPE_SUB',
  'IDENTITY_TYPE_JWT',
  'IDENTITY_TYPE_MANUAL',
]);
const DECISION_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A checked query: where to look and what the policies see as `input`. */
export interface DecisionInput {
  readonly policyPath: string;
  readonly decisions: readonly string[];
  /** The `data` ref of each decision, in order. */
  readonly refs: readonly string[];
  readonly input: PlainObject;
}

function invalid(message: string, cause?: unknown): DecisionServiceError {
  return new DecisionServiceError('invalid_request', message, cause === undefined ? undefined : { cause });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * `input.identity` as the policies see it: `{ type, value }`, `value` absent for
 * `IDENTITY_TYPE_NONE`.
 *
 * @throws {DecisionServiceError} `invalid_request` for an unknown type or a missing value
 */
export function identityInput(identity: Identity | undefined): PlainObject {
  if (!isPlainObject(identity)) throw invalid('identity must be an object { type, value }');
  const { type, value } = identity;
  if (typeof type !== 'string' || !IDENTITY_TYPES.has(type)) {
    throw invalid(
      `identity.type must be one of ${[...IDENTITY_TYPES].join(', ')}, got ${JSON.stringify(type)}`,
    );
  }
  if (type === 'IDENTITY_TYPE_NONE') {
    if (value !== undefined && typeof value !== 'string') throw invalid('identity.value must be a string');
    return value === undefined || value === '' ? { type } : { type, value };
  }
  if (typeof value !== 'string' || value === '') {
    throw invalid(`identity.value must be a non-empty string for ${type}`);
  }
  return { type, value };
}

/** The resource context as a Rego value; JSON only. */
function resourceInput(resourceContext: unknown): PlainObject {
  if (resourceContext === undefined) return {};
  if (!isPlainObject(resourceContext)) throw invalid('resourceContext must be a JSON object');
  try {
    return fromJson(resourceContext, 'resourceContext') as PlainObject;
  } catch (e) {
    if (e instanceof TypeError) throw invalid(`${e.message} (the resource context must be JSON)`, e);
    if (e instanceof RangeError) throw invalid('resourceContext is nested too deeply (or cyclic)', e);
    throw e;
  }
}

const MAX_PATHS = 1_000;

/**
 * Checked policy paths and the `data` refs of their decisions, so that a path and decision seen
 * before are neither checked nor concatenated again (at most 1,000 paths are remembered).
 */
export class DecisionRefs {
  readonly #byPath = new Map<string, Map<string, string>>();

  /**
   * The refs (`<policyPath>.<decision>`) of `decisions`.
   *
   * @throws {DecisionServiceError} `invalid_request` for a malformed path or decision name
   */
  of(policyPath: unknown, decisions: unknown): string[] {
    let refs = typeof policyPath === 'string' ? this.#byPath.get(policyPath) : undefined;
    if (!refs) {
      if (typeof policyPath !== 'string' || !isPackagePath(policyPath)) {
        throw invalid(
          `policyPath must be a dotted package path such as webapp.GET.api, got ${JSON.stringify(policyPath)}`,
        );
      }
      if (this.#byPath.size >= MAX_PATHS) this.#byPath.clear();
      refs = new Map();
      this.#byPath.set(policyPath, refs);
    }
    if (!Array.isArray(decisions) || decisions.length === 0) {
      throw invalid('decisions must be a non-empty array of rule names');
    }
    const known = refs;
    return decisions.map((decision: unknown) => {
      let ref = typeof decision === 'string' ? known.get(decision) : undefined;
      if (ref === undefined) {
        if (typeof decision !== 'string' || !DECISION_NAME.test(decision)) {
          throw invalid(`decisions must be rule names such as allowed, got ${JSON.stringify(decision)}`);
        }
        ref = `${policyPath}.${decision}`;
        known.set(decision, ref);
      }
      return ref;
    });
  }
}

/**
 * The parts of the input that the queries of one batch share — core puts the same identity object
 * and the same policy path and decision in every query of a list — built and checked once, and the
 * same objects in every input (so the evaluator walks them once per batch, too).
 */
export interface SharedInputParts {
  identityType: unknown;
  identityValue: unknown;
  identity: PlainObject | undefined;
  policyPath: string | undefined;
  decisions: readonly string[];
  refs: readonly string[];
  policy: PlainObject | undefined;
}

/** An empty memo of shared parts, for one batch. */
export function sharedInputParts(): SharedInputParts {
  return {
    identityType: undefined,
    identityValue: undefined,
    identity: undefined,
    policyPath: undefined,
    decisions: [],
    refs: [],
    policy: undefined,
  };
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// By value, not by object: queries built one by one (each with its own identity object) share
// their caller as much as those core builds from one object.
function sharedIdentity(identity: Identity | undefined, shared: SharedInputParts | undefined): PlainObject {
  if (
    shared?.identity &&
    isPlainObject(identity) &&
    identity.type === shared.identityType &&
    identity.value === shared.identityValue
  ) {
    return shared.identity;
  }
  const checked = identityInput(identity);
  if (shared) {
    shared.identityType = identity?.type;
    shared.identityValue = identity?.value;
    shared.identity = checked;
  }
  return checked;
}

/** The policy part of the input and the decisions' refs, checked and built once per batch. */
function sharedPolicy(
  policyPath: unknown,
  decisions: unknown,
  refs: DecisionRefs,
  shared: SharedInputParts | undefined,
): { policy: PlainObject; refs: readonly string[] } {
  if (
    shared?.policy &&
    policyPath === shared.policyPath &&
    Array.isArray(decisions) &&
    sameNames(decisions, shared.decisions)
  ) {
    // (The memo itself, its policy known to be set: no object built per query.)
    return shared as { policy: PlainObject; refs: readonly string[] };
  }
  const decisionRefs = refs.of(policyPath, decisions);
  const names = [...(decisions as string[])];
  const policy = { path: policyPath as string, decisions: names };
  if (shared) {
    shared.policyPath = policyPath as string;
    shared.decisions = names;
    shared.refs = decisionRefs;
    shared.policy = policy;
  }
  return { policy, refs: decisionRefs };
}

/**
 * Checks `query` and builds the input:
 * `{ identity: { type, value }, policy: { path, decisions }, resource: resourceContext }`.
 *
 * @param refs the service's cache of checked paths
 * @param shared the parts shared by the queries of a batch (see {@link sharedInputParts})
 * @throws {DecisionServiceError} `invalid_request` naming the offending field
 */
export function decisionInput(
  query: DecisionQuery,
  refs: DecisionRefs,
  shared?: SharedInputParts,
): DecisionInput {
  if (!isPlainObject(query)) throw invalid('the decision query must be an object');
  const { policyPath, decisions } = query;
  const checked = sharedPolicy(policyPath, decisions, refs, shared);
  const input: PlainObject = {
    identity: sharedIdentity(query.identity, shared),
    policy: checked.policy,
    resource: resourceInput(query.resourceContext),
  };
  return { policyPath, decisions, refs: checked.refs, input };
}
