import { describe, expect, it } from 'vitest';
import { bulkShare, ConnectionPool, PoolClosedError } from './connection-pool.ts';

function factory() {
  let next = 0;
  const destroyed: number[] = [];
  return {
    destroyed,
    get created() {
      return next;
    },
    create: async () => ++next,
    destroy: (c: number) => {
      destroyed.push(c);
    },
  };
}

describe('ConnectionPool', () => {
  it('validates its bounds naming the field', () => {
    expect(new ConnectionPool().options).toEqual({ minConnections: 1, maxConnections: 10 });
    expect(() => new ConnectionPool({ maxConnections: 0 })).toThrow(/connectionPool\.maxConnections/);
    expect(() => new ConnectionPool({ minConnections: 5, maxConnections: 2 })).toThrow(
      /connectionPool\.minConnections: must not exceed maxConnections/,
    );
  });

  it('opens minConnections up front and reuses released connections', async () => {
    const f = factory();
    const pool = await new ConnectionPool({ minConnections: 2, maxConnections: 3 }).open(f);
    expect(f.created).toBe(2);
    const a = await pool.acquire();
    pool.release(a);
    expect(await pool.acquire()).toBe(a);
    expect(f.created).toBe(2);
  });

  it('never opens more than maxConnections and queues callers in order', async () => {
    const f = factory();
    const pool = await new ConnectionPool({ minConnections: 0, maxConnections: 2 }).open(f);
    const a = await pool.acquire();
    const b = await pool.acquire();
    const order: string[] = [];
    const third = pool.acquire().then((c) => order.push(`third:${c}`));
    const fourth = pool.acquire().then((c) => order.push(`fourth:${c}`));
    expect(pool.pending).toBe(2);
    expect(pool.size).toBe(2);
    pool.release(b);
    pool.release(a);
    await Promise.all([third, fourth]);
    expect(order).toEqual([`third:${b}`, `fourth:${a}`]);
    expect(f.created).toBe(2);
  });

  it('keeps a fifth of the pool (at least one connection) out of bulk calls', () => {
    expect([1, 2, 4, 5, 10, 20].map(bulkShare)).toEqual([1, 1, 3, 4, 8, 16]);
  });

  it("serves a single call at once while a list's bulk calls hold their share and queue more", async () => {
    const f = factory();
    const pool = await new ConnectionPool({ minConnections: 0, maxConnections: 5 }).open(f);
    const bulk = await Promise.all(Array.from({ length: 4 }, () => pool.acquire('bulk')));
    const queuedBulk: number[] = [];
    const moreBulk = Array.from({ length: 3 }, () => pool.acquire('bulk').then((c) => queuedBulk.push(c)));
    // Bulk calls never take the fifth connection: it stays for single calls.
    await Promise.resolve();
    expect(pool.size).toBe(4);
    expect(pool.pending).toBe(3);
    const single = await pool.acquire('single');
    expect(pool.size).toBe(5);
    // The pool is full: the next single call waits, but ahead of every queued bulk call.
    const order: string[] = [];
    const nextSingle = pool.acquire().then((c) => order.push(`single:${c}`));
    pool.release(bulk[0] as number);
    await nextSingle;
    expect(order).toEqual([`single:${bulk[0]}`]);
    expect(queuedBulk).toEqual([]);
    // A single connection released goes to a bulk waiter only within the bulk share (4 of 5).
    pool.release(single);
    await Promise.resolve();
    expect(queuedBulk).toEqual([single]);
    for (const c of bulk.slice(1)) pool.release(c);
    await Promise.all(moreBulk);
    expect(queuedBulk).toHaveLength(3);
    expect(f.created).toBe(5);
  });

  it('frees the slot when creating a connection fails', async () => {
    let fail = true;
    const pool = await new ConnectionPool({ minConnections: 0, maxConnections: 1 }).open({
      create: async () => {
        if (fail) throw new Error('refused');
        return 'c';
      },
    });
    await expect(pool.acquire()).rejects.toThrow('refused');
    fail = false;
    expect(await pool.acquire()).toBe('c');
  });

  it('runs a task with use() and releases afterwards, even on error', async () => {
    const pool = await new ConnectionPool({ minConnections: 0, maxConnections: 1 }).open(factory());
    await expect(pool.use(async () => Promise.reject(new Error('task failed')))).rejects.toThrow(
      'task failed',
    );
    expect(await pool.use(async (c) => c * 10)).toBe(10);
  });

  it('closes idle connections, rejects waiters and refuses new acquires', async () => {
    const f = factory();
    const pools = new ConnectionPool({ minConnections: 1, maxConnections: 1 });
    const pool = await pools.open(f);
    const held = await pool.acquire();
    const waiting = pool.acquire();
    await pools.close();
    await expect(waiting).rejects.toBeInstanceOf(PoolClosedError);
    await expect(pool.acquire()).rejects.toBeInstanceOf(PoolClosedError);
    pool.release(held);
    expect(f.destroyed).toEqual([held]);
    expect(pool.size).toBe(0);
  });
});
