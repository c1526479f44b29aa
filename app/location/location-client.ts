/**
 * The application's view of the location service: the country of a signed-in user, asked by user
 * id (`GET <url>/location?user_id=…`) and kept for a short while. A user whose location cannot be
 * determined (unknown to the service, service down or answering nonsense) is reported as such —
 * the policies decide what that means (by default: denied).
 */

import { type Clock, systemClock } from '@gatehousejs/core';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';

/** Where a user is, as far as the application can tell. */
export type UserLocation =
  | { readonly countryCode: string }
  | {
      readonly countryCode: null;
      /** Why it is unknown: the service does not know the user, or could not be asked. */
      readonly reason: 'unknown_user' | 'unavailable';
    };

/** Looks users' locations up. */
export interface LocationClient {
  /** The user's location; never rejects. */
  locate(userId: string): Promise<UserLocation>;
}

/** Options of {@link createLocationClient}; the schema holds the defaults. */
export const locationClientOptionsSchema = z.object({
  /** Base URL of the location service, e.g. `http://127.0.0.1:8001`. */
  url: z.url(),
  /** How long an answer is reused, in seconds (default 60; 0: ask on every request). */
  cacheTtlSeconds: z.number().int().min(0).default(60),
  /**
   * How long a failure to ask is remembered, in seconds (default 5, never longer than
   * `cacheTtlSeconds`), so that a service that is down is not asked on every request.
   */
  failureTtlSeconds: z.number().int().min(0).default(5),
  /** Deadline of one request in milliseconds (default 1000). */
  timeoutMs: z.number().int().min(1).default(1000),
  /** Users remembered at most (default 10,000; least recently used forgotten first). */
  maxEntries: z.number().int().min(1).default(10_000),
});

/** Options of {@link createLocationClient}. */
export type LocationClientOptions = z.input<typeof locationClientOptionsSchema> & {
  /** Default: the system clock. */
  readonly clock?: Clock;
  /** Default: the global `fetch`. */
  readonly fetch?: typeof fetch;
};

const answerSchema = z.object({ country_code: z.string().regex(/^[A-Z]{2}$/) });

type Entry = { readonly location: UserLocation; readonly expiresAt: number };

/**
 * A client with a small cache; concurrent lookups of one user share one request.
 *
 * @param options `url`; `cacheTtlSeconds` 60, `failureTtlSeconds` 5, `timeoutMs` 1000, `maxEntries` 10,000
 * @example
 * const locations = createLocationClient({ url: 'http://127.0.0.1:8001' });
 * await locations.locate(user.sub); // { countryCode: 'GB' }
 */
export function createLocationClient(options: LocationClientOptions): LocationClient {
  const config = locationClientOptionsSchema.parse(options);
  const clock = options.clock ?? systemClock;
  const fetchImpl = options.fetch ?? fetch;
  const cache = new LRUCache<string, Entry>({ max: config.maxEntries });
  const inFlight = new Map<string, Promise<UserLocation>>();

  async function ask(userId: string): Promise<{ location: UserLocation; ttl: number }> {
    const url = new URL('/location', config.url);
    url.searchParams.set('user_id', userId);
    try {
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(config.timeoutMs) });
      if (response.status === 404) {
        await response.body?.cancel();
        return { location: { countryCode: null, reason: 'unknown_user' }, ttl: config.cacheTtlSeconds };
      }
      const answer = answerSchema.safeParse(response.ok ? await response.json() : undefined);
      if (!response.ok) await response.body?.cancel();
      if (answer.success)
        return { location: { countryCode: answer.data.country_code }, ttl: config.cacheTtlSeconds };
    } catch {
      // Unreachable, timed out or not JSON: the location is unknown for now.
    }
    const ttl = Math.min(config.failureTtlSeconds, config.cacheTtlSeconds);
    return { location: { countryCode: null, reason: 'unavailable' }, ttl };
  }

  return {
    locate(userId) {
      const cached = cache.get(userId);
      if (cached && cached.expiresAt > clock.now()) return Promise.resolve(cached.location);
      const pending = inFlight.get(userId);
      if (pending) return pending;
      const lookup = ask(userId)
        .then(({ location, ttl }) => {
          if (ttl > 0) cache.set(userId, { location, expiresAt: clock.now() + ttl * 1000 });
          return location;
        })
        .finally(() => inFlight.delete(userId));
      inFlight.set(userId, lookup);
      return lookup;
    },
  };
}
