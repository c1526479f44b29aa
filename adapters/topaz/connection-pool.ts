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

/** Connections of one kind, at most `maxConnections` open, handed out one caller at a time. */
export class ResourcePool<T> {
  readonly #factory: ConnectionFactory<T>;
  readonly #max: number;
  readonly #idle: T[] = [];
  readonly #inUse = new Set<T>();
  readonly #waiters: Waiter<T>[] = [];
  #open = 0;
  #closed = false;

  /** Use {@link ConnectionPool.open}. */
  constructor(factory: ConnectionFactory<T>, maxConnections: number) {
    this.#factory = factory;
    this.#max = maxConnections;
  }

  /** Opens connections until `count` are idle (used for `minConnections`). */
  async fill(count: number): Promise<void> {
    const missing = Math.max(0, Math.min(count, this.#max) - this.#open);
    const results = await Promise.allSettled(Array.from({ length: missing }, () => this.#create()));
    for (const r of results) if (r.status === 'fulfilled') this.#idle.push(r.value);
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** An idle connection, a new one below the bound, or the next one released (FIFO). */
  acquire(): Promise<T> {
    if (this.#closed) return Promise.reject(new PoolClosedError());
    const idle = this.#idle.pop();
    if (idle !== undefined) return Promise.resolve(this.#lend(idle));
    if (this.#open < this.#max) return this.#create().then((c) => this.#lend(c));
    return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }

  /** Gives a connection back; an unknown or already released connection is ignored. */
  release(connection: T): void {
    if (!this.#inUse.delete(connection)) return;
    if (this.#closed) {
      this.#destroy(connection);
      return;
    }
    const waiter = this.#waiters.shift();
    if (waiter) waiter.resolve(this.#lend(connection));
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
    return this.#waiters.length;
  }

  /** Rejects waiters, closes idle connections now and in-use ones when released. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const waiter of this.#waiters.splice(0)) waiter.reject(new PoolClosedError());
    await Promise.all(this.#idle.splice(0).map((c) => this.#destroy(c)));
  }

  #lend(connection: T): T {
    this.#inUse.add(connection);
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

  /** After a failed creation a slot is free again: open one for the first waiter. */
  #retryWaiter(): void {
    const waiter = this.#waiters.shift();
    if (waiter) this.#create().then((c) => waiter.resolve(this.#lend(c)), waiter.reject);
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
