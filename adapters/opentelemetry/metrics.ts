/**
 * Core's metrics port on an OpenTelemetry meter: decisions counted and timed by outcome and
 * source, cache lookups by hit, circuit-breaker transitions, and the breaker's state as a gauge.
 */
import type { AuthzMetrics, BreakerStateName } from '@gatehousejs/core';
import { type Meter, metrics } from '@opentelemetry/api';

/** Options of {@link createOpenTelemetryMetrics}. */
export interface OpenTelemetryMetricsOptions {
  /** The meter to record with (default: the global meter provider's `@gatehousejs/opentelemetry`). */
  readonly meter?: Meter;
}

/** The breaker state as the `gatehouse.breaker.state` gauge reports it. */
export const BREAKER_STATE_VALUES: Readonly<Record<BreakerStateName, number>> = Object.freeze({
  closed: 0,
  half_open: 1,
  open: 2,
});

/**
 * Records the core's metrics with OpenTelemetry instruments:
 * `gatehouse.decisions` (counter) and `gatehouse.decision.duration` (histogram, ms), both with
 * `gatehouse.outcome` and `gatehouse.source`; `gatehouse.cache.lookups` (counter, `gatehouse.cache.hit`);
 * `gatehouse.breaker.transitions` (counter, `gatehouse.breaker.from` / `.to`); and
 * `gatehouse.breaker.state` (gauge: 0 closed, 1 half-open, 2 open; reported once a transition happened).
 *
 * @param options - `meter` (default: the global one)
 * @example
 * const authz = createAuthzConfig({ …, metrics: createOpenTelemetryMetrics() });
 */
export function createOpenTelemetryMetrics(options: OpenTelemetryMetricsOptions = {}): AuthzMetrics {
  const meter = options.meter ?? metrics.getMeter('@gatehousejs/opentelemetry');
  const decisions = meter.createCounter('gatehouse.decisions', { description: 'Authorization decisions' });
  const duration = meter.createHistogram('gatehouse.decision.duration', {
    description: 'Time to decide, from the check to its outcome',
    unit: 'ms',
  });
  const lookups = meter.createCounter('gatehouse.cache.lookups', { description: 'Decision cache lookups' });
  const transitions = meter.createCounter('gatehouse.breaker.transitions', {
    description: 'Circuit breaker state changes',
  });
  let breakerState: BreakerStateName | undefined;
  meter
    .createObservableGauge('gatehouse.breaker.state', {
      description: 'Circuit breaker state: 0 closed, 1 half-open, 2 open',
    })
    .addCallback((result) => {
      if (breakerState !== undefined) result.observe(BREAKER_STATE_VALUES[breakerState]);
    });
  return {
    decision(metric) {
      const attributes = { 'gatehouse.outcome': metric.outcome, 'gatehouse.source': metric.source };
      decisions.add(1, attributes);
      duration.record(metric.latencyMs, attributes);
    },
    cacheLookup(hit) {
      lookups.add(1, { 'gatehouse.cache.hit': hit });
    },
    breakerTransition(from, to) {
      breakerState = to;
      transitions.add(1, { 'gatehouse.breaker.from': from, 'gatehouse.breaker.to': to });
    },
  };
}
