/**
 * @module gatehouse
 * The framework-agnostic authorization core: identities, policy paths, the decision cache,
 * the circuit breaker and fallbacks, the decision flows, and the ports adapters implement.
 */

export type { ValidatePoliciesOptions } from './app-validation-options.ts';
export { validationPolicyRoot } from './app-validation-options.ts';
export type { AuditLoggerOptions, LineStream } from './audit-logger.ts';
export { AuditLogger, AuditLoggerOptionsSchema, jsonLinesAuditSink } from './audit-logger.ts';
export type { FilterSpec } from './batch-filter.ts';
export { filterAuthorized } from './batch-filter.ts';
export type {
  BreakerEvent,
  BreakerMachine,
  BreakerState,
  BreakerStateName,
  BreakerThresholds,
} from './breaker-machine.ts';
export { createBreakerMachine } from './breaker-machine.ts';
export type { DecisionCacheKeyInput } from './cache-key.ts';
export { decisionCacheKey } from './cache-key.ts';
export { canonicalJson } from './canonical-json.ts';
export type {
  BreakerPermit,
  BreakerStatus,
  BreakerTransitionListener,
  CircuitBreakerConfig,
  CircuitBreakerOptions,
} from './circuit-breaker.ts';
export { CircuitBreaker, CircuitBreakerOptionsSchema } from './circuit-breaker.ts';
export type {
  AuthzConfig,
  AuthzOptions,
  IdentityProvider,
  ResourceContextProvider,
} from './config.ts';
export { AuthzOptionsSchema, createAuthzConfig } from './config.ts';
export type { DecisionCacheConfig, DecisionCacheEntry, DecisionCacheOptions } from './decision-cache.ts';
export { DecisionCache, DecisionCacheOptionsSchema } from './decision-cache.ts';
export type { Check, Decision, RequestInfo } from './decision-check.ts';
export type { RelationSpec } from './decision-flow.ts';
export {
  ALLOWED_DECISION,
  checkPolicy,
  checkRelation,
  checkRelations,
  DEFAULT_SUBJECT_TYPE,
  relationCheck,
} from './decision-flow.ts';
export {
  AccessDeniedError,
  AuthzConfigError,
  AuthzError,
  DecisionUnavailableError,
  MissingPoliciesError,
  ResourceNotFoundError,
} from './errors.ts';
export type { Fallback, FallbackContext, FallbackFunction, FallbackStrategy } from './fallback.ts';
export { FALLBACK_STRATEGIES } from './fallback.ts';
export type { HierarchyLevel, HierarchyLevelInput, HierarchyMode, HierarchyResult } from './hierarchy.ts';
export { checkHierarchy, HIERARCHY_MODES, hierarchyOf } from './hierarchy.ts';
export type { Identity, IdentityType } from './identity.ts';
export { ANONYMOUS } from './identity.ts';
export { requireName } from './option-names.ts';
export { parseOptions } from './options.ts';
export type { PathExclusions, PathPattern } from './path-exclusions.ts';
export { compilePathExclusions } from './path-exclusions.ts';
export { isPackagePath, policyPath } from './policy-path.ts';
export { authorizationMethod, policyPathMemo } from './policy-path-memo.ts';
export type {
  MissingPolicy,
  PolicyInventory,
  PolicyValidationResult,
  RouteEntry,
} from './policy-validation.ts';
export { policyPackagesOf, validatePolicies } from './policy-validation.ts';
export type { AuditRecord, AuditSink, DecisionOutcomeKind, DecisionSource } from './ports/audit-sink.ts';
export type { Clock } from './ports/clock.ts';
export { systemClock } from './ports/clock.ts';
export type {
  DecideOptions,
  DecisionQuery,
  DecisionService,
  DecisionServiceErrorCode,
  Decisions,
  ResourceContext,
} from './ports/decision-service.ts';
export { DecisionServiceError } from './ports/decision-service.ts';
export type { Logger } from './ports/logger.ts';
export { consoleLogger } from './ports/logger.ts';
export type { AuthzMetrics, DecisionMetric } from './ports/metrics.ts';
export { noopMetrics } from './ports/metrics.ts';
export type {
  BatchRelationDirectory,
  DirectoryObject,
  DirectoryWrite,
  Relation,
  RelationCheck,
  RelationDirectory,
  RelationFilter,
} from './ports/relation-directory.ts';
export { canApplyBatch } from './ports/relation-directory.ts';
export type {
  GraphRelationDirectory,
  GraphSearchOptions,
  GraphSubject,
  ObjectSearch,
  RelationGraph,
  SubjectSearch,
} from './ports/relation-graph.ts';
export { canSearchGraph } from './ports/relation-graph.ts';
export type { Span, SpanAttributes, Tracer } from './ports/tracing.ts';
export { noopTracer } from './ports/tracing.ts';
export type { RegisteredRoute, ScanOptions } from './route-inventory.ts';
export { routeInventory } from './route-inventory.ts';
export { Semaphore } from './semaphore.ts';
export { hasSkipMark, markSkipped } from './skip-mark.ts';
