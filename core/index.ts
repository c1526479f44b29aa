/**
 * @module gatehouse
 * The framework-agnostic authorization core: identities, policy paths, the decision cache,
 * the circuit breaker and fallbacks, the decision flows, and the ports adapters implement.
 */
export { AuthzError } from './errors.ts';
export type { Identity, IdentityType } from './identity.ts';
export { ANONYMOUS } from './identity.ts';
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
export type {
  DirectoryObject,
  Relation,
  RelationCheck,
  RelationDirectory,
  RelationFilter,
} from './ports/relation-directory.ts';
