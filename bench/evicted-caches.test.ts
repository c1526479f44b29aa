import { describe, expect, it } from 'vitest';
import { addedWithEvictedCaches, evictCaches } from './evicted-caches.ts';

const OK = new Response(null, { status: 200 });
const ok = () => OK;

/** A request that keeps the processor busy for about `micros` before it answers. */
function busy(micros: number): () => Response {
  return () => {
    const until = process.hrtime.bigint() + BigInt(micros * 1000);
    while (process.hrtime.bigint() < until);
    return ok();
  };
}

describe('requests with the caches evicted', () => {
  it('changes what it touches on each eviction', () => {
    const first = evictCaches();
    expect(evictCaches()).not.toBe(first);
  });

  it('gives one sample per round: about what the request adds to the bare one', async () => {
    const added = await addedWithEvictedCaches(busy(300), ok, { rounds: 3, pairs: 20, warmup: 5 });
    expect(added).toHaveLength(3);
    for (const micros of added) expect(micros).toBeGreaterThanOrEqual(200);
  });

  it('times asynchronous answers to the end', async () => {
    const later = () => new Promise<Response>((resolve) => setTimeout(() => resolve(ok()), 2));
    const [added] = await addedWithEvictedCaches(later, ok, { rounds: 1, pairs: 3, warmup: 0 });
    expect(added).toBeGreaterThanOrEqual(1_500);
  });

  it('refuses a request that does not answer 200', async () => {
    const refused = () => new Response(null, { status: 403 });
    await expect(addedWithEvictedCaches(refused, ok, { rounds: 1, pairs: 1, warmup: 0 })).rejects.toThrow(
      'status 403',
    );
  });
});
