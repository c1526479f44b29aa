/**
 * Calls to Topaz over pooled channels. Channels come from a `ConnectionPool` (created lazily, at
 * most `maxConnections`, one call per channel at a time), so the calls in flight never exceed the
 * pool's capacity: a call waits for a channel as long as it takes — it never fails for lack of
 * one — and its deadline counts from sending. A call the caller gives up (its signal), waiting
 * or in flight, is `cancelled`: no failure of Topaz's. Topaz's E30007 (identity not resolved) that
 * did not come at the deadline is asked once more before it is believed. Channels are closed with
 * the pool.
 */
import type { CallOptions } from '@connectrpc/connect';
import { DecisionServiceError } from '@gatehousejs/core';
import {
  type CallKind,
  ConnectionPool,
  type ConnectionPoolOptions,
  PoolClosedError,
  type ResourcePool,
} from './connection-pool.ts';
import { classifyTopazFailure, unresolvedIdentityToConfirm } from './topaz-failure.ts';

/** Runs calls on pooled channels of type `C`. */
export interface PooledCalls<C> {
  /**
   * Runs `task` once a channel is free, with call options carrying the deadline (from now) and
   * an abort signal; a failure is rejected as a classified {@link DecisionServiceError}
   * (`cancelled` when `signal` aborted first).
   *
   * @param kind - `single` (default) or `bulk`: a slice of a large request, served after single
   *   calls and within the pool's bulk share (see {@link CallKind})
   */
  run<T>(
    operation: string,
    task: (channel: C, options: CallOptions) => Promise<T>,
    signal?: AbortSignal,
    kind?: CallKind,
  ): Promise<T>;
  /** Closes the channels (an owned pool entirely; a shared pool keeps its other users). */
  close(): Promise<void>;
}

/** How pooled calls are made. */
export interface PooledCallsOptions<C> {
  /** Pool bounds (a pool is created and owned) or a shared pool. */
  readonly pool: ConnectionPool | ConnectionPoolOptions;
  readonly open: () => C;
  readonly closeChannel: (channel: C) => void;
  readonly timeoutMs: number;
}

/** A channel, when one is free; waiting has no deadline of its own, only the caller's signal. */
function acquireUnless<C>(
  pool: ResourcePool<C>,
  signal: AbortSignal | undefined,
  kind: CallKind,
): Promise<C> {
  if (!signal) return pool.acquire(kind);
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    let abandoned = false;
    const onAbort = () => {
      abandoned = true;
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    pool.acquire(kind).then(
      (channel) => {
        signal.removeEventListener('abort', onAbort);
        // A channel handed out after the caller gave up goes straight back.
        if (abandoned) pool.release(channel);
        else resolve(channel);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Creates pooled calls.
 *
 * @example
 * const calls = createPooledCalls({ pool: { maxConnections: 4 }, open, closeChannel, timeoutMs: 1000 });
 * const res = await calls.run('Is', (channel, options) => channel.clients.authorizer.is(req, options));
 */
export function createPooledCalls<C>(options: PooledCallsOptions<C>): PooledCalls<C> {
  const owned = !(options.pool instanceof ConnectionPool);
  const connectionPool =
    options.pool instanceof ConnectionPool ? options.pool : new ConnectionPool(options.pool);
  let channels: Promise<ResourcePool<C>> | undefined;
  let closed = false;
  const pool = async () => {
    if (closed) throw new PoolClosedError('the Topaz client is closed');
    channels ??= connectionPool.open({
      create: async () => options.open(),
      destroy: (channel) => options.closeChannel(channel),
    });
    return channels;
  };

  return {
    async run(operation, task, signal, kind = 'single') {
      const cancelled = () =>
        new DecisionServiceError('cancelled', `${operation}: the caller gave up before Topaz answered`, {
          cause: signal?.reason,
        });
      if (signal?.aborted) throw cancelled();
      let resources: ResourcePool<C>;
      let channel: C;
      try {
        resources = await pool();
        channel = await acquireUnless(resources, signal, kind);
      } catch (error) {
        if (signal?.aborted) throw cancelled();
        throw classifyTopazFailure(error, operation);
      }
      // The deadline starts now, with the call on its way: the transport keeps it (and the
      // caller's signal) with one timer per call.
      const { timeoutMs } = options;
      try {
        for (let attempt = 1; ; attempt++) {
          const sentAt = performance.now();
          try {
            return await task(channel, signal ? { timeoutMs, signal } : { timeoutMs });
          } catch (error) {
            if (signal?.aborted) throw cancelled();
            const timing = { elapsedMs: performance.now() - sentAt, timeoutMs };
            // Topaz answers the same E30007 for an identity no user has and for a resolution
            // that failed on its side (the cause is dropped): asked once more, only the former
            // answers it again.
            if (attempt === 1 && unresolvedIdentityToConfirm(error, timing)) continue;
            throw classifyTopazFailure(error, operation, timing);
          }
        }
      } finally {
        resources.release(channel);
      }
    },

    async close() {
      closed = true;
      if (owned) await connectionPool.close();
      else if (channels) await (await channels).close();
    },
  };
}
