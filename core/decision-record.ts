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

// The ISO text of the last millisecond asked: decisions of one request or batch mostly share it,
// and formatting a date is most of the cost of a record.
let lastMillis = Number.NaN;
let lastIso = '';
function isoTime(millis: number): string {
  if (millis !== lastMillis) {
    lastIso = new Date(millis).toISOString();
    lastMillis = millis;
  }
  return lastIso;
}

// Built field by field (optional fields only when set), in the order the JSON lines show them.
function auditRecord<R>(
  scope: Scope<R>,
  pending: Pending,
  decision: Decision,
  now: number,
  latencyMs: number,
): AuditRecord {
  const { identity, info, config } = scope;
  const relation = pending.check.relation;
  const breakerState = config.circuitBreaker?.state;
  if (
    identity.value !== undefined &&
    relation &&
    breakerState &&
    info.method !== undefined &&
    info.path !== undefined &&
    decision.error === undefined
  ) {
    // The record of each row of a list: every field but the error, in one literal of one shape
    // (added one by one, the fields would outgrow the object's room several times per record).
    return {
      time: isoTime(now),
      identityType: identity.type,
      identityValue: identity.value,
      policyPath: decision.policyPath,
      decision: decision.decision,
      objectType: relation.objectType,
      objectId: relation.objectId,
      relation: relation.relation,
      outcome: decision.outcome,
      source: decision.source,
      breakerState,
      latencyMs,
      method: info.method,
      path: info.path,
    };
  }
  const record: { -readonly [K in keyof AuditRecord]: AuditRecord[K] } = {
    time: isoTime(now),
    identityType: identity.type,
  } as AuditRecord;
  if (identity.value !== undefined) record.identityValue = identity.value;
  record.policyPath = decision.policyPath;
  record.decision = decision.decision;
  if (relation) {
    record.objectType = relation.objectType;
    record.objectId = relation.objectId;
    record.relation = relation.relation;
  }
  record.outcome = decision.outcome;
  record.source = decision.source;
  if (breakerState) record.breakerState = breakerState;
  record.latencyMs = latencyMs;
  if (info.method !== undefined) record.method = info.method;
  if (info.path !== undefined) record.path = info.path;
  if (decision.error !== undefined) record.error = decision.error;
  return record;
}

/** Whether nothing records decisions (no metrics, tracer or audit): a decision is then only its record. */
export function recordsNothing(config: Pick<AuthzConfig, 'metrics' | 'tracer' | 'auditLogger'>): boolean {
  return config.metrics === noopMetrics && config.tracer === noopTracer && config.auditLogger === undefined;
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
 * @param at - the clock's time, read once by a caller recording a batch's decisions together
 *   (default: read here, when metrics or audit record the latency)
 */
export function recordDecision<R>(
  scope: Scope<R>,
  pending: Pending,
  allowed: boolean,
  source: DecisionSource,
  errorCode?: string,
  note?: string,
  at?: number,
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
  // One reading of the clock for the latency and the record's time (a list records thousands).
  const timed = recordsLatency(config);
  const now = timed ? (at ?? config.clock.now()) : 0;
  const latencyMs = timed ? now - pending.started : 0;
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
      config.auditLogger.log(auditRecord(scope, pending, decision, now, latencyMs));
    } catch (error) {
      config.logger.error(`audit sink failed: ${String(error)}`, { policyPath: decision.policyPath });
    }
  }
  return decision;
}
