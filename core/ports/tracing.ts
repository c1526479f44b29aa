/**
 * The tracing port: one span per decision, with a no-op default (adapt OpenTelemetry or any
 * tracer by implementing {@link Tracer}).
 */

/** Attribute values a span accepts. */
export type SpanAttributes = Readonly<Record<string, string | number | boolean>>;

/** An open span. */
export interface Span {
  setAttributes(attributes: SpanAttributes): void;
  end(): void;
}

/** Starts spans. */
export interface Tracer {
  startSpan(name: string, attributes: SpanAttributes): Span;
}

const noopSpan: Span = Object.freeze({ setAttributes: () => {}, end: () => {} });

/** A tracer that records nothing (the default). */
export const noopTracer: Tracer = Object.freeze({ startSpan: () => noopSpan });
