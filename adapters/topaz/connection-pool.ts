/**
 * The connection pool: validated `{ minConnections, maxConnections }` and the small generic pool
 * the Topaz clients use to reuse their HTTP/2 channels within those bounds.
 */
import { AuthzError } from '@gatehousejs/core';
import { parseOptions } from '@gatehousejs/core/adapter';
import { z } from 'zod';

/** A connection pool was used after `close()`, or an acquire was aborted. */
export class PoolClosedError extends AuthzError {
  override name = 'PoolClosedError';

  constructor(message = 'connection pool is closed') {
    super('pool_closed', message);
  }
}

/** Options of {@link ConnectionPool}; the schema holds the defaults. */
export const ConnectionPoolOptionsSchema = z
  .object({
    /** Connections opened up front and kept (default 1). */
    minConnections: z.int().min(0).default(1),
    /** Connections open at once, at most (default 10). */
    maxConnections: z.int().min(1).default(10),
  })
  .refine((o) => o.minConnections <= o.maxConnections, {
    message: 'must not exceed maxConnections',
    path: ['minConnections'],
  });
/** Options accepted by {@link ConnectionPool}. */
export type ConnectionPoolOptions = z.input<typeof ConnectionPoolOptionsSchema>;
/** Resolved options of {@link ConnectionPool}. */
export type ConnectionPoolConfig = z.output<typeof ConnectionPoolOptionsSchema>;

/** How a pool opens and closes its connections. */
export interface ConnectionFactory<T> {
  create(): Promise<T>;
  destroy?(connection: T): Promise<void> | void;
}

interface Waiter<T> {
  resolve(connection: T): void;
  reject(error: unknown): void;
}

/**
 * What a connection is wanted for: `single`, one decision or write a person waits for; `bulk`, one
 * slice of a large request (a list's batch). Single calls are served first, and bulk calls never
 * hold the connections kept for single ones, so one user's list never makes another user's single
 * decision wait behind it.
 */
export type CallKind = 'single' | 'bulk';

/** Connections bulk calls may hold at once: all but a fifth of the pool, at least one kept back. */
export function bulkShare(maxConnections: number): number {
  return maxConnections < 2 ? maxConnections : maxConnections - Math.max(1, Math.floor(maxConnections / 5));
}

/** Connections of one kind, at most `maxConnections` open, handed out one caller at a time. */
export class ResourcePool<T> {
  readonly #factory: ConnectionFactory<T>;
  readonly #max: number;
  readonly #bulkMax: number;
  readonly #idle: T[] = [];
  /** Connections lent, each with what it was lent for. */
  readonly #inUse = new Map<T, CallKind>();
  readonly #waiters: Record<CallKind, Waiter<T>[]> = { single: [], bulk: [] };
  #bulkInUse = 0;
  #open = 0;
  #closed = false;

  /** Use {@link ConnectionPool.open}. */
  constructor(factory: ConnectionFactory<T>, maxConnections: number) {
    this.#factory = factory;
    this.#max = maxConnections;
    this.#bulkMax = bulkShare(maxConnections);
  }

  /** Opens connections until `count` are idle (used for `minConnections`). */
  async fill(count: number): Promise<void> {
    const missing = Math.max(0, Math.min(count, this.#max) - this.#open);
    const results = await Promise.allSettled(Array.from({ length: missing }, () => this.#create()));
    for (const r of results) if (r.status === 'fulfilled') this.#idle.push(r.value);
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /**
   * An idle connection, a new one below the bound, or the next one released: single calls before
   * bulk ones, each kind in order (FIFO); bulk calls within {@link bulkShare} of the pool.
   */
  acquire(kind: CallKind = 'single'): Promise<T> {
    if (this.#closed) return Promise.reject(new PoolClosedError());
    if (kind === 'single' || this.#bulkInUse < this.#bulkMax) {
      const idle = this.#idle.pop();
      if (idle !== undefined) return Promise.resolve(this.#lend(idle, kind));
      if (this.#open < this.#max) {
        if (kind === 'bulk') this.#bulkInUse++;
        return this.#create().then(
          (c) => this.#lend(c, kind, true),
          (error: unknown) => {
            if (kind === 'bulk') this.#bulkInUse--;
            throw error;
          },
        );
      }
    }
    return new Promise((resolve, reject) => this.#waiters[kind].push({ resolve, reject }));
  }

  /** Gives a connection back; an unknown or already released connection is ignored. */
  release(connection: T): void {
    const kind = this.#inUse.get(connection);
    if (kind === undefined) return;
    this.#inUse.delete(connection);
    if (kind === 'bulk') this.#bulkInUse--;
    if (this.#closed) {
      this.#destroy(connection);
      return;
    }
    const waiter = this.#nextWaiter();
    if (waiter) waiter.waiter.resolve(this.#lend(connection, waiter.kind));
    else this.#idle.push(connection);
  }

  /** Runs `task` with a connection and releases it afterwards. */
  async use<R>(task: (connection: T) => Promise<R>): Promise<R> {
    const connection = await this.acquire();
    try {
      return await task(connection);
    } finally {
      this.release(connection);
    }
  }

  /** Connections open (idle and in use). */
  get size(): number {
    return this.#open;
  }

  /** Callers waiting for a connection. */
  get pending(): number {
    return this.#waiters.single.length + this.#waiters.bulk.length;
  }

  /** Rejects waiters, closes idle connections now and in-use ones when released. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const waiter of [...this.#waiters.single.splice(0), ...this.#waiters.bulk.splice(0)]) {
      waiter.reject(new PoolClosedError());
    }
    await Promise.all(this.#idle.splice(0).map((c) => this.#destroy(c)));
  }

  /** The waiter a free connection goes to: the first single one, else a bulk one within its share. */
  #nextWaiter(): { waiter: Waiter<T>; kind: CallKind } | undefined {
    const single = this.#waiters.single.shift();
    if (single) return { waiter: single, kind: 'single' };
    if (this.#bulkInUse >= this.#bulkMax) return undefined;
    const bulk = this.#waiters.bulk.shift();
    return bulk ? { waiter: bulk, kind: 'bulk' } : undefined;
  }

  /** Lends `connection` for `kind` (`counted`: a bulk slot was already taken while it opened). */
  #lend(connection: T, kind: CallKind, counted = false): T {
    this.#inUse.set(connection, kind);
    if (kind === 'bulk' && !counted) this.#bulkInUse++;
    return connection;
  }

  async #create(): Promise<T> {
    this.#open++;
    let connection: T;
    try {
      connection = await this.#factory.create();
    } catch (error) {
      this.#open--;
      this.#retryWaiter();
      throw error;
    }
    if (this.#closed) {
      await this.#destroy(connection);
      throw new PoolClosedError();
    }
    return connection;
  }

  /** After a failed creation a slot is free again: open one for the next waiter. */
  #retryWaiter(): void {
    const next = this.#nextWaiter();
    if (!next) return;
    const { waiter, kind } = next;
    if (kind === 'bulk') this.#bulkInUse++;
    this.#create().then(
      (c) => waiter.resolve(this.#lend(c, kind, true)),
      (error: unknown) => {
        if (kind === 'bulk') this.#bulkInUse--;
        waiter.reject(error);
      },
    );
  }

  async #destroy(connection: T): Promise<void> {
    this.#open--;
    await this.#factory.destroy?.(connection);
  }
}

/**
 * Pool bounds for decision-service connections, and the pools opened with them.
 *
 * @example
 * const pool = new ConnectionPool({ minConnections: 1, maxConnections: 4 });
 * const transports = await pool.open({ create: async () => connect(url), destroy: (t) => t.close() });
 * const result = await transports.use((t) => t.call(request));
 * await pool.close();
 */
export class ConnectionPool {
  /** The resolved options. */
  readonly options: ConnectionPoolConfig;
  readonly #pools = new Set<ResourcePool<unknown>>();

  /**
   * @param options - `{ minConnections = 1, maxConnections = 10 }`
   * @throws {AuthzConfigError} naming the field when an option is invalid
   */
  constructor(options: ConnectionPoolOptions = {}) {
    this.options = parseOptions(ConnectionPoolOptionsSchema, options, 'connectionPool');
  }

  /** Opens a pool of `factory`'s connections within the bounds, `minConnections` created up front. */
  async open<T>(factory: ConnectionFactory<T>): Promise<ResourcePool<T>> {
    const pool = new ResourcePool(factory, this.options.maxConnections);
    this.#pools.add(pool as ResourcePool<unknown>);
    await pool.fill(this.options.minConnections);
    return pool;
  }

  /** Closes every pool opened here. */
  async close(): Promise<void> {
    const pools = [...this.#pools];
    this.#pools.clear();
    await Promise.all(pools.map((p) => p.close()));
  }
}
