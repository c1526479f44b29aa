/**
 * What the decision flows decide and with what: one check, its outcome, and the request it is
 * made for. Shared by the evaluation and the records of its decisions (audit, metrics, tracing).
 */
import type { AuthzConfig } from './config.ts';
import type { Identity } from './identity.ts';
import type { DecisionOutcomeKind, DecisionSource } from './ports/audit-sink.ts';
import type { ResourceContext } from './ports/decision-service.ts';

/** The request being authorized, for audit records. */
export interface RequestInfo {
  readonly method?: string;
  readonly path?: string;
}

/** One decision to make. */
export interface Check {
  readonly policyPath: string;
  /** Decision rule name, e.g. `allowed`. */
  readonly decision: string;
  readonly resourceContext: ResourceContext;
  /** The relationship asked about, for relationship checks (audit fields). */
  readonly relation?: { readonly objectType: string; readonly objectId: string; readonly relation: string };
  /** An error code when the check cannot be put to the service: it then denies as an error. */
  readonly problem?: string;
}

/** The outcome of one check. */
export interface Decision {
  readonly allowed: boolean;
  readonly outcome: DecisionOutcomeKind;
  readonly source: DecisionSource;
  readonly policyPath: string;
  readonly decision: string;
  /** Error code, for outcome `error` and for fallback decisions. */
  readonly error?: string;
  /**
   * Set on a denial of a caller without identity (`IDENTITY_TYPE_NONE`) by the service or the cache:
   * signing in may change the answer, so adapters answer 401 rather than 403.
   */
  readonly anonymous?: true;
}

/** A request with its identity resolved. */
export interface Scope<R> {
  readonly config: AuthzConfig<R>;
  readonly request: R;
  readonly identity: Identity;
  readonly info: RequestInfo;
}
