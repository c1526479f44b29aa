/**
 * What the circuit breaker counts: failed requests, not failed calls (one caller's long list
 * never opens the circuit for everyone), and nothing for a call the caller gave up.
 */
import { describe, expect, it } from 'vitest';
import { filterAuthorized } from './batch-filter.ts';
import { checkPolicy } from './decision-flow.ts';
import { DecisionServiceError } from './ports/decision-service.ts';
import { alice, bob, createHarness } from './testing/harness.ts';

const LIST = 'app.GET.api.documents';
const documents = Array.from({ length: 50 }, (_, i) => ({ id: String(i + 1) }));
const readable = { objectType: 'document', relation: 'can_read', objectId: (d: { id: string }) => d.id };

describe('the breaker counts requests, not calls', () => {
  it("one request's failing list is one failure, and its remaining calls are not made", async () => {
    const h = createHarness(
      { circuitBreaker: { failureThreshold: 2 }, batchSize: 5, maxConcurrentChecks: 1 },
      { batch: true },
    );
    h.service.failWith(new DecisionServiceError('deadline_exceeded', 'too slow'));
    expect(await filterAuthorized(h.config, alice, documents, readable)).toEqual([]);
    expect(h.service.batchCalls).toBe(1);
    expect(h.config.circuitBreaker?.status()).toMatchObject({ state: 'closed', failures: 1 });
    // Another caller is still asked about, and answered, once the service is back.
    h.service.failWith(undefined);
    h.service.setRule(LIST, () => true);
    expect((await checkPolicy(h.config, bob, LIST)).allowed).toBe(true);
    expect(h.config.circuitBreaker?.state).toBe('closed');
  });

  it('failures of two requests still open the circuit', async () => {
    const h = createHarness({ circuitBreaker: { failureThreshold: 2 }, batchSize: 5 }, { batch: true });
    h.service.failWith(new DecisionServiceError('service_unavailable', 'refused'));
    await filterAuthorized(h.config, alice, documents, readable);
    await filterAuthorized(h.config, bob, documents, readable);
    expect(h.config.circuitBreaker?.state).toBe('open');
  });

  it('a cancelled call denies without a failure, and frees a half-open trial', async () => {
    const h = createHarness({
      circuitBreaker: { failureThreshold: 1, recoveryTimeout: 1, halfOpenMaxTrials: 1 },
    });
    h.service.failWith(new DecisionServiceError('cancelled', 'the caller gave up'));
    for (let i = 0; i < 3; i++) {
      expect(await checkPolicy(h.config, alice, LIST)).toMatchObject({ allowed: false, error: 'cancelled' });
    }
    expect(h.config.circuitBreaker?.status()).toMatchObject({ state: 'closed', failures: 0 });
    expect(h.errors).toEqual([]);
    // Open, then half-open: a cancelled trial gives its slot back to the next caller.
    h.service.failWith(new DecisionServiceError('service_unavailable', 'refused'));
    await checkPolicy(h.config, alice, LIST);
    h.clock.advance(1_000);
    h.service.failWith(new DecisionServiceError('cancelled', 'the caller gave up'));
    await checkPolicy(h.config, alice, LIST);
    h.service.failWith(undefined);
    h.service.setRule(LIST, () => true);
    expect(await checkPolicy(h.config, bob, LIST)).toMatchObject({ allowed: true, source: 'service' });
  });
});
