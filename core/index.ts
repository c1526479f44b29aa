/**
 * @module @gatehousejs/core
 * The framework-agnostic authorization core, as applications use it: the configuration,
 * identities and policy paths, the decision flows, fallbacks, errors, audit, and the ports
 * decision services, directories, clocks, loggers, metrics and tracers implement. Adapter
 * plumbing is in `@gatehousejs/core/adapter`, the shared contract suites in
 * `@gatehousejs/core/testing`.
 */

export type { AuditLoggerOptions, LineStream } from './audit-logger.ts';
export { AuditLogger, AuditLoggerOptionsSchema, jsonLinesAuditSink } from './audit-logger.ts';
export type { FilterSpec } from './batch-filter.ts';
export { ALLOWED_OBJECT_IDS, filterAuthorized } from './batch-filter.ts';
export type { BreakerStateName } from './breaker-machine.ts';
export type {
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
export type { DecisionCacheConfig, DecisionCacheOptions } from './decision-cache.ts';
export { DecisionCache, DecisionCacheOptionsSchema } from './decision-cache.ts';
export type { Decision } from './decision-check.ts';
export type { RelationSpec } from './decision-flow.ts';
export {
  ALLOWED_DECISION,
  checkPolicy,
  checkRelation,
  checkRelations,
  DEFAULT_SUBJECT_TYPE,
} from './decision-flow.ts';
export { deniedDecision, isFallbackDenial } from './denial.ts';
export {
  AccessDeniedError,
  AuthzConfigError,
  AuthzError,
  DecisionUnavailableError,
  MissingPoliciesError,
  PolicyPathCollisionError,
  ResourceNotFoundError,
} from './errors.ts';
export type { Fallback, FallbackContext, FallbackFunction, FallbackStrategy } from './fallback.ts';
export { FALLBACK_STRATEGIES } from './fallback.ts';
export type { HierarchyLevel, HierarchyLevelInput, HierarchyMode, HierarchyResult } from './hierarchy.ts';
export { checkHierarchy, HIERARCHY_MODES, hierarchyOf } from './hierarchy.ts';
export type { Identity, IdentityType } from './identity.ts';
export { ANONYMOUS } from './identity.ts';
export { isPackagePath, policyPath } from './policy-path.ts';
export type {
  MissingPolicy,
  PolicyInventory,
  PolicyPathCollision,
  PolicyValidationResult,
  RouteEntry,
} from './policy-validation.ts';
export { policyPackagesOf, policyPathCollisions, validatePolicies } from './policy-validation.ts';
export type { AuditRecord, AuditSink, DecisionOutcomeKind, DecisionSource } from './ports/audit-sink.ts';
export type {
  ChangeListener,
  ChangeNotice,
  ChangeNotifier,
  ChangeWatcher,
} from './ports/change-watcher.ts';
export { createChangeNotifier } from './ports/change-watcher.ts';
export type { Clock } from './ports/clock.ts';
export { systemClock } from './ports/clock.ts';
export type {
  DecideOptions,
  DecisionQuery,
  DecisionService,
  DecisionServiceErrorCode,
  Decisions,
  ResourceContext,
  SetDecisionQuery,
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
export type {
  GraphRelationDirectory,
  GraphSearchOptions,
  GraphSubject,
  ObjectSearch,
  RelationGraph,
  SubjectSearch,
} from './ports/relation-graph.ts';
export type { Span, SpanAttributes, Tracer } from './ports/tracing.ts';
export { noopTracer } from './ports/tracing.ts';
