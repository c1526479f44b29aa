/**
 * The adapter contract's cases for a decision service that is away: 503 (never 500, never an
 * allow) without a breaker, and the breaker's fallback deciding with it.
 */
import { expect, it } from 'vitest';
import { type ContractStarter, denied } from './adapter-contract-app.ts';

const UNAVAILABLE = { detail: 'Authorization service unavailable: try again later' };

/** Registers the cases (inside the suite's `describe`). */
export function outageCases(start: ContractStarter): void {
  it('answers 503 when the decision service is unavailable and there is no breaker, never 500 or an allow', async () => {
    const { app, decisions } = await start();
    await decisions.stop();
    for (const [path, user] of [
      ['/api/documents/1', 'alice'],
      ['/guarded/auto/1', 'alice'],
      ['/guarded/docs/doc-1', 'bob'],
      ['/guarded/orgs/o1/docs/doc-1', 'alice'],
      ['/guarded/resources/doc-1', 'alice'],
      ['/guarded/docs', 'alice'],
    ] as const) {
      expect(await app.request('GET', path, user), path).toMatchObject({ status: 503, body: UNAVAILABLE });
    }
    expect((await app.request('GET', '/guarded/docs/doc-1/permissions', 'alice')).body).toEqual({
      can_read: false,
      can_write: false,
    });
  });

  it('lets the breaker fallback decide while the service is down: a stale allow, otherwise 403', async () => {
    const { app, decisions, clock } = await start({
      decisionCache: { ttlSeconds: 1 },
      circuitBreaker: { failureThreshold: 1 },
      paramsAsResourceContext: true,
    });
    expect((await app.request('GET', '/api/documents/1', 'alice')).status).toBe(200);
    clock.advance(5_000);
    await decisions.stop();
    expect(await app.request('GET', '/api/documents/1', 'alice')).toMatchObject({
      status: 200,
      body: { id: '1' },
    });
    expect(await app.request('GET', '/api/documents/2', 'alice')).toMatchObject({
      status: 403,
      body: denied('webapp.GET.api.documents.__id'),
    });
  });
}
