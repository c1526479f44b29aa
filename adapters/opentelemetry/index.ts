/**
 * @module @gatehousejs/opentelemetry
 * The core's metrics and tracing ports on `@opentelemetry/api`: pass
 * `createOpenTelemetryMetrics()` and `createOpenTelemetryTracer()` to `createAuthzConfig`.
 */
export type { OpenTelemetryMetricsOptions } from './metrics.ts';
export { BREAKER_STATE_VALUES, createOpenTelemetryMetrics } from './metrics.ts';
export type { OpenTelemetryTracerOptions } from './tracer.ts';
export { createOpenTelemetryTracer } from './tracer.ts';
