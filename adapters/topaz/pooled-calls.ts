/**
 * Calls to Topaz over pooled channels, each under one deadline that covers waiting for a channel
 * and the call itself. Channels come from a `ConnectionPool` (created lazily, at most
 * `maxConnections`, one call per channel at a time) and are closed with the pool.
 */
import type { CallOptions } from '@connectrpc/connect';
import { Code, ConnectError } from '@connectrpc/connect';
import type { DecisionServiceError } from '@gatehousejs/core';
import {
  ConnectionPool,
  type ConnectionPoolOptions,
  PoolClosedError,
  type ResourcePool,
} from './connection-pool.ts';
import { classifyTopazFailure } from './topaz-failure.ts';

/** Runs calls on pooled channels of type `C`. */
export interface PooledCalls<C> {
  /**
   * Runs `task` with a channel and call options carrying the remaining deadline and the abort
   * signal; a failure is rejected as a classified {@link DecisionServiceError}.
   */
  run<T>(
    operation: string,
    task: (channel: C, options: CallOptions) => Promise<T>,
    signal?: AbortSignal,
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

function acquireUnless<C>(pool: ResourcePool<C>, signal: AbortSignal): Promise<C> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    let abandoned = false;
    const onAbort = () => {
      abandoned = true;
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    pool.acquire().then(
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
    async run(operation, task, signal) {
      const deadline = Date.now() + options.timeoutMs;
      const controller = new AbortController();
      const timer = setTimeout(
        () =>
          controller.abort(
            new ConnectError(`deadline of ${options.timeoutMs} ms exceeded`, Code.DeadlineExceeded),
          ),
        options.timeoutMs,
      );
      const onCallerAbort = () => controller.abort(signal?.reason);
      if (signal?.aborted) onCallerAbort();
      signal?.addEventListener('abort', onCallerAbort, { once: true });
      try {
        const resources = await pool();
        const channel = await acquireUnless(resources, controller.signal);
        try {
          const timeoutMs = Math.max(1, deadline - Date.now());
          return await task(channel, { timeoutMs, signal: controller.signal });
        } finally {
          resources.release(channel);
        }
      } catch (error) {
        throw classifyTopazFailure(
          controller.signal.aborted ? (controller.signal.reason ?? error) : error,
          operation,
        );
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onCallerAbort);
      }
    },

    async close() {
      closed = true;
      if (owned) await connectionPool.close();
      else if (channels) await (await channels).close();
    },
  };
}
