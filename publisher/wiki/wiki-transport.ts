/**
 * HTTP to the wiki through `ofetch`, with its own retries (ofetch's `retry` combined with `timeout`
 * is broken upstream): a timeout per attempt, exponential backoff with jitter, `Retry-After`
 * honoured, 429 retried for every call, network errors and 5xx only for idempotent calls, TLS
 * failures never. Requests are paced to the rate limit and counted. A wiki that is gone — a few
 * connection failures in a row, across all calls — fails every call at once from then on, so a
 * build stops in seconds instead of retrying each page.
 */

import type { Clock } from '@gatehousejs/core';
import { ofetch } from 'ofetch';
import { createRequestPacer } from './request-pacer.ts';
import { backoffDelay, type RetryPolicy, retryAfterMs, retryableStatus } from './retry-policy.ts';
import { WikiRequestError } from './wiki-request-error.ts';

/** One call: the path is relative to the wiki's base address. */
export interface WikiRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  readonly json?: unknown;
  /** Builds a multipart body; called once per attempt. */
  readonly form?: () => FormData;
  /** Safe to repeat after a network error or 5xx (default: every method but POST). */
  readonly idempotent?: boolean;
}

/** A successful response. */
export interface WikiResponse<T> {
  readonly status: number;
  readonly data: T;
}

/** Calls made so far. */
export interface CallCounts {
  readonly reads: number;
  readonly writes: number;
  readonly retries: number;
}

/** A retry about to happen, for progress output. */
export interface RetryNotice {
  readonly method: string;
  readonly path: string;
  readonly reason: string;
  readonly delayMs: number;
  readonly attempt: number;
}

/** Options of {@link createWikiTransport}. */
export interface WikiTransportOptions {
  /** The wiki's base address (`host_url`, no trailing slash). */
  readonly baseUrl: string;
  readonly authorization: string;
  readonly timeoutMs: number;
  readonly retry: RetryPolicy;
  /** Requests started per second at most (0: no limit). */
  readonly rateLimit: number;
  readonly clock: Clock;
  readonly sleep: (ms: number) => Promise<void>;
  readonly random: () => number;
  readonly onRetry?: (notice: RetryNotice) => void;
  /** Connection failures in a row (no HTTP answer, across all calls) after which the wiki counts as gone (default 3). */
  readonly connectionFailureLimit?: number;
}

/** Sends calls to the wiki. */
export interface WikiTransport {
  request<T>(request: WikiRequest): Promise<WikiResponse<T>>;
  counts(): CallCounts;
  /** The failure that made the wiki count as gone, if it did. */
  gone(): WikiRequestError | undefined;
}

const TLS_FAILURE = /CERT|SSL|TLS|UNABLE_TO_(GET|VERIFY)/;

function networkReason(error: unknown, timeoutMs: number): { reason: string; tls: boolean } {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { name, code } = cause as { name?: string; code?: string };
    if (name === 'TimeoutError') return { reason: `timed out after ${timeoutMs / 1000} s`, tls: false };
    if (typeof code === 'string' && TLS_FAILURE.test(code)) {
      return {
        reason: `TLS certificate not accepted (${code}); for a private CA set NODE_EXTRA_CA_CERTS=/path/to/ca.pem`,
        tls: true,
      };
    }
    if (typeof code === 'string') return { reason: `network error ${code}`, tls: false };
  }
  return { reason: `network error: ${error instanceof Error ? error.message : String(error)}`, tls: false };
}

function wikiMessage(data: unknown, statusText: string): string {
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string')
    return data.message;
  if (typeof data === 'string' && data.trim() && !data.trimStart().startsWith('<'))
    return data.trim().slice(0, 300);
  return statusText || 'error';
}

/** Creates the transport. */
export function createWikiTransport(options: WikiTransportOptions): WikiTransport {
  const basePath = new URL(options.baseUrl).pathname.replace(/\/+$/, '');
  const pace = createRequestPacer(options.rateLimit, options.clock, options.sleep);
  let reads = 0;
  let writes = 0;
  let retries = 0;
  let connectionFailures = 0;
  let gone: WikiRequestError | undefined;
  const failureLimit = options.connectionFailureLimit ?? 3;
  const headers = {
    Authorization: options.authorization,
    Accept: 'application/json',
    'User-Agent': 'gatehouse-wiki-publish',
  };

  async function request<T>(call: WikiRequest): Promise<WikiResponse<T>> {
    const idempotent = call.idempotent ?? call.method !== 'POST';
    // `_links.next` is relative to the base address; some servers repeat its path prefix.
    const path =
      basePath && (call.path.startsWith(`${basePath}/rest/`) || call.path.startsWith(`${basePath}/api/`))
        ? call.path.slice(basePath.length)
        : call.path;
    const url = `${options.baseUrl}${path}`;
    const query = Object.fromEntries(
      Object.entries(call.query ?? {}).filter(([, value]) => value !== undefined),
    );
    for (let attempt = 0; ; attempt++) {
      if (gone) throw gone;
      await pace();
      if (call.method === 'GET') reads++;
      else writes++;
      let failure: { reason: string; status?: number; retry: boolean; waitMs?: number; cause?: unknown };
      try {
        const response = await ofetch.raw(url, {
          method: call.method,
          query,
          headers: call.form ? { ...headers, 'X-Atlassian-Token': 'no-check' } : headers,
          ...(call.form
            ? { body: call.form() }
            : call.json !== undefined
              ? { body: call.json as Record<string, unknown> }
              : {}),
          timeout: options.timeoutMs,
          retry: false,
          redirect: 'manual',
          ignoreResponseError: true,
        });
        connectionFailures = 0;
        if (response.status >= 200 && response.status < 300)
          return { status: response.status, data: response._data as T };
        const kind = retryableStatus(response.status);
        const location = response.headers.get('location');
        failure = {
          status: response.status,
          reason: location
            ? `redirected to ${location}; check host_url`
            : wikiMessage(response._data, response.statusText),
          retry: kind === 'always' || (kind === 'idempotent' && idempotent),
        };
        const waitMs = retryAfterMs(response.headers.get('retry-after'), options.clock.now());
        if (failure.retry && waitMs !== undefined) {
          if (waitMs > options.retry.maxRetryAfterMs) {
            failure = {
              ...failure,
              retry: false,
              reason: `${failure.reason} (Retry-After ${waitMs / 1000} s is over the limit)`,
            };
          } else failure.waitMs = waitMs;
        }
      } catch (error) {
        const { reason, tls } = networkReason(error, options.timeoutMs);
        failure = { reason, retry: idempotent && !tls, cause: error };
        if (!tls && ++connectionFailures >= failureLimit && !gone) {
          gone = new WikiRequestError(
            {
              method: call.method,
              path: call.path,
              transient: true,
              gone: true,
              reason: `${reason}; ${connectionFailures} connection failures in a row, the wiki is gone`,
            },
            { cause: error },
          );
        }
        if (gone) throw gone;
      }
      const transient = failure.status === undefined || retryableStatus(failure.status) !== 'never';
      if (!failure.retry || attempt >= options.retry.retries) {
        const tries = attempt > 0 ? ` (after ${attempt + 1} attempts)` : '';
        throw new WikiRequestError(
          {
            method: call.method,
            path: call.path,
            status: failure.status,
            transient,
            reason: `${failure.reason}${tries}`,
          },
          { cause: failure.cause },
        );
      }
      const delayMs = failure.waitMs ?? backoffDelay(attempt, options.retry, options.random);
      retries++;
      options.onRetry?.({
        method: call.method,
        path: call.path,
        reason: failure.reason,
        delayMs,
        attempt: attempt + 1,
      });
      await options.sleep(delayMs);
    }
  }

  return { request, counts: () => ({ reads, writes, retries }), gone: () => gone };
}
