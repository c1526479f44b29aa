/**
 * Core's tracing port on an OpenTelemetry tracer: one span per decision (`gatehouse.decision`)
 * with the policy path and decision name, then the outcome, source and error the core sets.
 */
import type { Tracer } from '@gatehousejs/core';
import { type Tracer as OpenTelemetryTracer, trace } from '@opentelemetry/api';

/** Options of {@link createOpenTelemetryTracer}. */
export interface OpenTelemetryTracerOptions {
  /** The tracer to start spans with (default: the global tracer provider's `@gatehousejs/opentelemetry`). */
  readonly tracer?: OpenTelemetryTracer;
}

/**
 * Starts an OpenTelemetry span for each decision, as a child of the active span (the request's,
 * when the HTTP server is instrumented).
 *
 * @param options - `tracer` (default: the global one)
 * @example
 * const authz = createAuthzConfig({ …, tracer: createOpenTelemetryTracer() });
 */
export function createOpenTelemetryTracer(options: OpenTelemetryTracerOptions = {}): Tracer {
  const tracer = options.tracer ?? trace.getTracer('@gatehousejs/opentelemetry');
  return {
    startSpan(name, attributes) {
      const span = tracer.startSpan(name, { attributes });
      return {
        setAttributes: (more) => {
          span.setAttributes(more);
        },
        end: () => span.end(),
      };
    },
  };
}
