/**
 * Recording a decision once made: the audit record, the metric and the span end.
 */
import type { AuthzConfig } from './config.ts';
import type { Check, Decision, Scope } from './decision-check.ts';
import type { AuditRecord, DecisionSource } from './ports/audit-sink.ts';
import { noopMetrics } from './ports/metrics.ts';
import { noopTracer, type Span } from './ports/tracing.ts';

/** A check being decided. */
export interface Pending {
  readonly check: Check;
  /** Its cache key, once computed (only with a decision cache). */
  key: string | undefined;
  /** Clock time when deciding started. */
  readonly started: number;
  readonly span: Span;
}

function auditRecord<R>(
  scope: Scope<R>,
  pending: Pending,
  decision: Decision,
  latencyMs: number,
): AuditRecord {
  const { identity, info, config } = scope;
  const relation = pending.check.relation;
  const breakerState = config.circuitBreaker?.state;
  return {
    time: new Date(config.clock.now()).toISOString(),
    identityType: identity.type,
    ...(identity.value === undefined ? {} : { identityValue: identity.value }),
    policyPath: decision.policyPath,
    decision: decision.decision,
    ...(relation ?? {}),
    outcome: decision.outcome,
    source: decision.source,
    ...(breakerState ? { breakerState } : {}),
    latencyMs,
    ...(info.method === undefined ? {} : { method: info.method }),
    ...(info.path === undefined ? {} : { path: info.path }),
    ...(decision.error === undefined ? {} : { error: decision.error }),
  };
}

/** Whether decisions record their latency (metrics or audit configured): else no clock is read for it. */
export function recordsLatency(config: Pick<AuthzConfig, 'metrics' | 'auditLogger'>): boolean {
  return config.metrics !== noopMetrics || config.auditLogger !== undefined;
}

/**
 * Builds the {@link Decision}, and records it: metric, span, audit record (a failing audit sink
 * is reported through the logger; the decision stands).
 *
 * @param errorCode - set when the check could not be evaluated: outcome `error`, denied
 * @param note - an error code kept on an allow/deny decision (fallback after a failure)
 */
export function recordDecision<R>(
  scope: Scope<R>,
  pending: Pending,
  allowed: boolean,
  source: DecisionSource,
  errorCode?: string,
  note?: string,
): Decision {
  const { config } = scope;
  const failed = errorCode !== undefined;
  const outcome = failed ? 'error' : allowed ? 'allow' : 'deny';
  const { policyPath, decision: name } = pending.check;
  const error = errorCode ?? note;
  const decision: Decision =
    error === undefined
      ? outcome === 'deny' && scope.identity.type === 'IDENTITY_TYPE_NONE'
        ? { allowed: false, outcome, source, policyPath, decision: name, anonymous: true }
        : { allowed: allowed && !failed, outcome, source, policyPath, decision: name }
      : { allowed: allowed && !failed, outcome, source, policyPath, decision: name, error };
  const latencyMs = recordsLatency(config) ? config.clock.now() - pending.started : 0;
  // Without metrics or tracing (the defaults), build nothing for them: this runs on every cache hit.
  if (config.metrics !== noopMetrics) {
    config.metrics.decision({
      outcome: decision.outcome,
      source,
      policyPath: decision.policyPath,
      latencyMs,
    });
  }
  if (config.tracer !== noopTracer) {
    pending.span.setAttributes({ 'gatehouse.outcome': decision.outcome, 'gatehouse.source': source });
    pending.span.end();
  }
  if (config.auditLogger) {
    try {
      config.auditLogger.log(auditRecord(scope, pending, decision, latencyMs));
    } catch (error) {
      config.logger.error(`audit sink failed: ${String(error)}`, { policyPath: decision.policyPath });
    }
  }
  return decision;
}
