/**
 * The decision cache key: 32 hex characters of SHA-256 over the identity, the policy path, the
 * decision name and the canonical resource context.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { canonicalEncoding } from './canonical-encoding.ts';
import type { Identity } from './identity.ts';
import { appendTokens, KnownKeys, type Token } from './known-keys.ts';
import type { ResourceContext } from './ports/decision-service.ts';

const utf8 = new TextEncoder();
// A synchronous SHA-256 in JavaScript (no `node:crypto`, which edge runtimes lack) costs a few
// microseconds; a cache hit recomputes its key, so recent keys are remembered by their material.
const knownKeys = new KnownKeys(4096);

/** What a cached decision depends on. */
export interface DecisionCacheKeyInput {
  readonly identity: Identity;
  readonly policyPath: string;
  readonly decision: string;
  readonly resourceContext: ResourceContext;
}

/**
 * The first 32 hex characters of SHA-256 over the identity type and value, the policy path, the
 * decision name and the resource context serialized canonically (keys sorted at every depth), so
 * that key order never changes the key and any different value does. The hashed material is the
 * {@link canonicalEncoding} of the array of these five values (an absent identity value as
 * `null`), in which no text can move from one field to the next.
 *
 * @throws {AuthzError} `invalid_resource_context` when the context is not JSON (BigInt, cycle)
 * @example
 * decisionCacheKey({
 *   identity: { type: 'IDENTITY_TYPE_SUB', value: 'alice' },
 *   policyPath: 'webapp.GET.api.documents.__id',
 *   decision: 'allowed',
 *   resourceContext: { id: '1' },
 * }); // 32 hex characters
 */
export function decisionCacheKey(input: DecisionCacheKeyInput): string {
  return cacheKeyOf(input.identity, input.policyPath, input.decision, input.resourceContext);
}

/**
 * {@link decisionCacheKey} of the four values when it was computed recently (remembered by its
 * material), `undefined` otherwise: never hashes.
 *
 * @throws what a getter of the resource context throws
 */
export function rememberedCacheKey(
  identity: Identity,
  policyPath: string,
  decision: string,
  resourceContext: ResourceContext,
): string | undefined {
  return knownKeys.findTuple(identity.type, identity.value ?? null, policyPath, decision, resourceContext);
}

/** {@link decisionCacheKey} of the four values as arguments (a cache hit builds no input object). */
export function cacheKeyOf(
  identity: Identity,
  policyPath: string,
  decision: string,
  resourceContext: ResourceContext,
): string {
  const known = rememberedCacheKey(identity, policyPath, decision, resourceContext);
  if (known !== undefined) return known;
  const value = identity.value ?? null;
  const parts = [identity.type, value, policyPath, decision, resourceContext];
  const tokens: Token[] = [];
  const rememberable = appendTokens(parts, tokens);
  const key = bytesToHex(sha256(utf8.encode(canonicalEncoding(parts))).subarray(0, 16));
  if (rememberable) knownKeys.remember(tokens, key);
  return key;
}
