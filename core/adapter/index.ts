/**
 * @module @gatehousejs/core/adapter
 * For authors of framework adapters and decision services, not for applications: the plumbing
 * the Hono and Fastify adapters and the Topaz adapter are built from — route inventories and skip
 * marks, the memo of policy paths per route, option parsing and name checks, path exclusions,
 * the cache key and canonical JSON, the breaker's state machine, the concurrency limiter, the
 * denial every adapter answers (carrying the decision), the relationship check's input, the
 * identity a trusted header names, and the port helpers relays and stores use (applying a
 * directory write, capability checks).
 * Applications import `@gatehousejs/core`; adapters import both.
 */
export type { ValidatePoliciesOptions } from '../app-validation-options.ts';
export { validationPolicyRoot } from '../app-validation-options.ts';
export type {
  BreakerEvent,
  BreakerMachine,
  BreakerState,
  BreakerThresholds,
} from '../breaker-machine.ts';
export { createBreakerMachine } from '../breaker-machine.ts';
export type { DecisionCacheKeyInput } from '../cache-key.ts';
export { decisionCacheKey } from '../cache-key.ts';
export { canonicalJson } from '../canonical-json.ts';
export type { BreakerPermit } from '../circuit-breaker.ts';
export type { DecisionCacheEntry } from '../decision-cache.ts';
export type { Check, RequestInfo } from '../decision-check.ts';
export { decidePolicy, relationCheck } from '../decision-flow.ts';
export type { Denial } from '../denial-answer.ts';
export { denialOf } from '../denial-answer.ts';
export { headerIdentity, headerKey } from '../header-identity.ts';
export { requireName } from '../option-names.ts';
export type { ParsableSchema, ParsedOptions } from '../options.ts';
export { parseOptions } from '../options.ts';
export type { PathExclusions, PathPattern } from '../path-exclusions.ts';
export { compilePathExclusions, pathOfUrl } from '../path-exclusions.ts';
export { authorizationMethod, policyPathMemo } from '../policy-path-memo.ts';
export { applyDirectoryWrite, canApplyBatch } from '../ports/relation-directory.ts';
export { canSearchGraph } from '../ports/relation-graph.ts';
export type { RegisteredRoute, ScanOptions } from '../route-inventory.ts';
export { routeInventory } from '../route-inventory.ts';
export { Semaphore } from '../semaphore.ts';
export { hasSkipMark, markSkipped } from '../skip-mark.ts';
