import { checkPolicy, createAuthzConfig, DecisionServiceError, type Identity } from '@gatehousejs/core';
import { InMemoryDecisionService } from '@gatehousejs/core/testing';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { createOpenTelemetryMetrics, createOpenTelemetryTracer } from './index.ts';

const PATH = 'webapp.GET.api.documents';
const alice: Identity = { type: 'IDENTITY_TYPE_SUB', value: 'alice' };

/** The real OpenTelemetry SDK with in-memory exporters, and a core configuration recording to it. */
function instrumented() {
  const spans = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
  const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const reader = new PeriodicExportingMetricReader({
    exporter: metricExporter,
    exportIntervalMillis: 3_600_000,
  });
  const meterProvider = new MeterProvider({ readers: [reader] });
  const service = new InMemoryDecisionService({
    rules: { [PATH]: (query) => query.identity.value === 'alice' },
  });
  const config = createAuthzConfig<{ identity: Identity }>({
    policyPathRoot: 'webapp',
    decisionService: service,
    identityProvider: (request) => request.identity,
    decisionCache: { ttlSeconds: 60 },
    circuitBreaker: { failureThreshold: 1 },
    metrics: createOpenTelemetryMetrics({ meter: meterProvider.getMeter('test') }),
    tracer: createOpenTelemetryTracer({ tracer: tracerProvider.getTracer('test') }),
  });
  const collect = async () => {
    await reader.forceFlush();
    const points = new Map<string, { attributes: Record<string, unknown>; value: unknown }[]>();
    for (const resource of metricExporter.getMetrics()) {
      for (const scope of resource.scopeMetrics) {
        for (const metric of scope.metrics) {
          points.set(
            metric.descriptor.name,
            metric.dataPoints.map((p) => ({ attributes: p.attributes, value: p.value })),
          );
        }
      }
    }
    return points;
  };
  return { spans, config, service, collect };
}

describe('@gatehousejs/opentelemetry', () => {
  it('records a span per decision with its policy path, decision, outcome and source', async () => {
    const { spans, config } = instrumented();
    await checkPolicy(config, { identity: alice }, PATH);
    await checkPolicy(config, { identity: alice }, PATH);
    const finished = spans.getFinishedSpans();
    expect(finished.map((s) => s.name)).toEqual(['gatehouse.decision', 'gatehouse.decision']);
    expect(finished[0]?.attributes).toMatchObject({
      'gatehouse.policy_path': PATH,
      'gatehouse.decision': 'allowed',
      'gatehouse.outcome': 'allow',
      'gatehouse.source': 'service',
    });
    expect(finished[1]?.attributes).toMatchObject({ 'gatehouse.source': 'cache' });
  });

  it('counts and times decisions by outcome and source, and cache lookups by hit', async () => {
    const { config, collect } = instrumented();
    await checkPolicy(config, { identity: alice }, PATH);
    await checkPolicy(config, { identity: alice }, PATH);
    await checkPolicy(config, { identity: { type: 'IDENTITY_TYPE_SUB', value: 'bob' } }, PATH);
    const points = await collect();
    expect(points.get('gatehouse.decisions')).toEqual(
      expect.arrayContaining([
        { attributes: { 'gatehouse.outcome': 'allow', 'gatehouse.source': 'service' }, value: 1 },
        { attributes: { 'gatehouse.outcome': 'allow', 'gatehouse.source': 'cache' }, value: 1 },
        { attributes: { 'gatehouse.outcome': 'deny', 'gatehouse.source': 'service' }, value: 1 },
      ]),
    );
    const durations = points.get('gatehouse.decision.duration') ?? [];
    expect(durations.map((p) => (p.value as { count: number }).count).reduce((a, b) => a + b, 0)).toBe(3);
    expect(points.get('gatehouse.cache.lookups')).toEqual(
      expect.arrayContaining([
        { attributes: { 'gatehouse.cache.hit': true }, value: 1 },
        { attributes: { 'gatehouse.cache.hit': false }, value: 2 },
      ]),
    );
  });

  it('reports circuit-breaker transitions and the state they lead to', async () => {
    const { config, service, collect } = instrumented();
    service.failWith(new DecisionServiceError('service_unavailable', 'down'));
    await checkPolicy(config, { identity: alice }, PATH);
    const points = await collect();
    expect(points.get('gatehouse.breaker.transitions')).toEqual([
      { attributes: { 'gatehouse.breaker.from': 'closed', 'gatehouse.breaker.to': 'open' }, value: 1 },
    ]);
    expect(points.get('gatehouse.breaker.state')).toEqual([{ attributes: {}, value: 2 }]);
  });
});
