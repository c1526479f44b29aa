/**
 * The metrics port: counters and gauges of the authorization layer, with a no-op default.
 */
import type { BreakerStateName } from '../breaker-machine.ts';
import type { DecisionOutcomeKind, DecisionSource } from './audit-sink.ts';

/** One decision, for counters by outcome and source and a latency histogram. */
export interface DecisionMetric {
  readonly outcome: DecisionOutcomeKind;
  readonly source: DecisionSource;
  readonly policyPath: string;
  readonly latencyMs: number;
}

/** Receives the authorization layer's measurements. */
export interface AuthzMetrics {
  /** A decision was made. */
  decision(metric: DecisionMetric): void;
  /** The decision cache was consulted; `size` is its entry count afterwards. */
  cacheLookup(hit: boolean, size: number): void;
  /** The circuit breaker changed state. */
  breakerTransition(from: BreakerStateName, to: BreakerStateName): void;
}

/** Metrics that go nowhere (the default). */
export const noopMetrics: AuthzMetrics = Object.freeze({
  decision: () => {},
  cacheLookup: () => {},
  breakerTransition: () => {},
});
