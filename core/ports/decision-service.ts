/**
 * The decision-service port: what the core asks of a policy decision point (Topaz over gRPC,
 * or the embedded engine in-process), and the errors such a service reports.
 */
import { AuthzError } from '../errors.ts';
import type { Identity } from '../identity.ts';

/** The resource context, exposed to policies as `input.resource`; JSON values only. */
export type ResourceContext = Readonly<Record<string, unknown>>;

/**
 * One evaluation: the decisions named in `decisions` under package `policyPath`, for `identity`,
 * with `input = { identity, policy: { path: policyPath }, resource: resourceContext }`.
 */
export interface DecisionQuery {
  readonly identity: Identity;
  /** Dotted policy path, e.g. `webapp.GET.api.documents.__id`. */
  readonly policyPath: string;
  /** Decision rule names, e.g. `['allowed']`. */
  readonly decisions: readonly string[];
  readonly resourceContext: ResourceContext;
}

/**
 * A set-valued question: the value of the rule `decision` under package `policyPath` — a set of
 * strings, e.g. the ids among `resourceContext.object_ids` on which the caller holds a relation —
 * with the same input as {@link DecisionQuery}.
 */
export interface SetDecisionQuery {
  readonly identity: Identity;
  /** Dotted policy path, e.g. `webapp.check`. */
  readonly policyPath: string;
  /** The set rule's name, e.g. `allowed_object_ids`. */
  readonly decision: string;
  readonly resourceContext: ResourceContext;
}

/** The outcome of a query: each requested decision; an undefined rule is `false`. */
export type Decisions = Readonly<Record<string, boolean>>;

/** Per-call options. */
export interface DecideOptions {
  /** Aborts the call; a service rejects with `cancelled` when it fires. */
  readonly signal?: AbortSignal;
}

/**
 * A policy decision point.
 *
 * @example
 * const { allowed } = await service.decide({
 *   identity: { type: 'IDENTITY_TYPE_SUB', value: 'alice' },
 *   policyPath: 'webapp.GET.api.documents.__id',
 *   decisions: ['allowed'],
 *   resourceContext: { id: '1' },
 * });
 */
export interface DecisionService {
  /** Evaluates one query. Rejects with {@link DecisionServiceError} only. */
  decide(query: DecisionQuery, options?: DecideOptions): Promise<Decisions>;
  /** Evaluates several queries in one call, results in input order (optional capability). */
  decideBatch?(queries: readonly DecisionQuery[], options?: DecideOptions): Promise<Decisions[]>;
  /**
   * Evaluates a set rule in one call (optional capability): its members, or `undefined` when no
   * loaded policy defines the rule (the caller then asks item by item). A value that is not a set
   * (or array) of strings rejects with `evaluation_failed`. Rejects with {@link DecisionServiceError} only.
   */
  decideSet?(query: SetDecisionQuery, options?: DecideOptions): Promise<readonly string[] | undefined>;
  /** Releases connections, timers and watchers. */
  close?(): Promise<void>;
}

/** Why a decision service could not decide. */
export type DecisionServiceErrorCode =
  /** The service cannot be reached or refused the connection (transient). */
  | 'service_unavailable'
  /** The call did not finish before its deadline (transient). */
  | 'deadline_exceeded'
  /** No policy exists at the path: a configuration error. */
  | 'policy_not_found'
  /** The request was malformed (e.g. missing identity context): a configuration error. */
  | 'invalid_request'
  /** The policy failed while evaluating (conflict, limit exceeded, built-in error in strict mode). */
  | 'evaluation_failed'
  /**
   * The caller gave up (its signal aborted) before the service answered, also while the call
   * still waited for a connection: not the service's failure, and no decision.
   */
  | 'cancelled';

/**
 * A failure of the decision service. Only {@link DecisionServiceError.transient} failures count
 * as circuit-breaker failures; the others are configuration or policy defects and deny.
 */
export class DecisionServiceError extends AuthzError {
  override name = 'DecisionServiceError';
  declare readonly code: DecisionServiceErrorCode;

  constructor(code: DecisionServiceErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }

  /** Whether the failure is about reaching the service (unavailable, deadline) rather than the request. */
  get transient(): boolean {
    return this.code === 'service_unavailable' || this.code === 'deadline_exceeded';
  }
}
