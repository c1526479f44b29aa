/**
 * The audit-sink port: where one structured record per authorization decision goes.
 */
import type { BreakerStateName } from '../breaker-machine.ts';
import type { IdentityType } from '../identity.ts';

/** How a decision ended: allowed, denied, or denied because it could not be evaluated. */
export type DecisionOutcomeKind = 'allow' | 'deny' | 'error';

/**
 * Who decided: the decision cache, the decision service, the breaker's fallback, or nobody
 * (`none`: the request could not even be put to the service, e.g. the identity provider failed).
 */
export type DecisionSource = 'cache' | 'service' | 'fallback' | 'none';

/** One authorization decision, as written to the audit log. */
export interface AuditRecord {
  /** ISO 8601 time of the decision. */
  readonly time: string;
  readonly identityType: IdentityType;
  readonly identityValue?: string;
  readonly policyPath: string;
  /** Decision rule name, e.g. `allowed`. */
  readonly decision: string;
  readonly objectType?: string;
  readonly objectId?: string;
  readonly relation?: string;
  readonly outcome: DecisionOutcomeKind;
  readonly source: DecisionSource;
  /** Breaker state when decided; absent without a circuit breaker. */
  readonly breakerState?: BreakerStateName;
  /** Milliseconds spent deciding. */
  readonly latencyMs: number;
  readonly method?: string;
  readonly path?: string;
  /** Error code, for outcome `error` and for fallback decisions after a failure. */
  readonly error?: string;
}

/** Receives audit records. */
export interface AuditSink {
  write(record: AuditRecord): void;
}
