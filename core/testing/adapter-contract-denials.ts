/**
 * The adapter contract's cases for what a denial carries: the {@link Decision} that denied, so an
 * application tells a denial by the decision service (`source: 'service'`) from one by the
 * breaker's fallback while the service is away (`source: 'fallback'`, which it may answer 503).
 * Run when an adapter declares `denialDecisions`; its contract application then reports the
 * denying decision's source in the header `x-denied-by` of every denial, with the adapter's own
 * API (Hono: `deniedDecision(error)` in `onError`; Fastify: `request.authzDenial` in `onSend`).
 */
import { expect, it } from 'vitest';
import type { ContractStarter } from './adapter-contract-app.ts';

/** Registers the cases (inside the suite's `describe`). */
export function denialDecisionCases(start: ContractStarter): void {
  it('carries the deciding decision in its denial: the service and the fallback told apart', async () => {
    const { app, decisions } = await start({
      decisionCache: { ttlSeconds: 1 },
      circuitBreaker: { failureThreshold: 1 },
    });
    const byService = await app.request('GET', '/api/documents/2', 'bob');
    expect(byService).toMatchObject({ status: 403, deniedBy: 'service' });
    expect((await app.request('GET', '/guarded/docs/doc-2', 'alice')).deniedBy).toBe('service');
    await decisions.stop();
    for (const [path, user] of [
      ['/api/documents/3', 'alice'],
      ['/guarded/docs/doc-3', 'bob'],
      ['/guarded/resources/doc-3', 'bob'],
    ] as const) {
      expect(await app.request('GET', path, user), path).toMatchObject({ status: 403, deniedBy: 'fallback' });
    }
  });
}
