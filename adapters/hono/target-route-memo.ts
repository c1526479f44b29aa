/**
 * The target route of a router match, remembered per match. Hono's `RegExpRouter` (the default
 * `SmartRouter`'s usual choice) answers every request of a route with the same entries array, built
 * once: the route found among those entries is found again by the array's identity, without
 * walking the handlers and allocating a route on every request. A router that builds new entries
 * per request simply never finds one remembered.
 */

import { hasSkipMark } from '@gatehousejs/core/adapter';
import type { MatchEntry } from './match-result.ts';
import { type MatchedRoute, targetHandler, targetRouteOfMatch } from './route-match.ts';

/** What is remembered of one match: where the search started, its answer, and the handlers it read. */
interface Remembered {
  readonly from: number;
  readonly route: MatchedRoute | undefined;
  /** The handlers the search passed over or stopped at unmarked: a mark added since is a new search. */
  readonly unmarked: readonly unknown[];
}

/**
 * {@link targetRouteOfMatch}, remembered by entries array (held weakly) and start index. A route's
 * handlers and their arity are fixed once registered; a {@link skipMiddleware} mark can still be
 * added later, so the handlers read are checked for one on every lookup.
 *
 * @example
 * const routes = new TargetRouteMemo();
 * const route = routes.of(app.router.match('GET', path)[0], 0);
 */
export class TargetRouteMemo {
  readonly #known = new WeakMap<readonly MatchEntry[], Remembered>();
  /** The entries of the last lookup: arrays seen twice in a row are remembered, fresh ones never. */
  #last: readonly MatchEntry[] | undefined;

  /** The last remembered match found, and what was remembered of it (a hit reads no `WeakMap`). */
  #recentEntries: readonly MatchEntry[] | undefined;
  #recent: Remembered | undefined;

  /** The route that answers a match whose entries are `entries`, searching from index `from` on. */
  of(entries: readonly MatchEntry[], from: number): MatchedRoute | undefined {
    const recent = entries === this.#recentEntries;
    const known = recent ? this.#recent : this.#known.get(entries);
    if (known !== undefined && known.from === from && noneMarked(known.unmarked)) {
      if (!recent) {
        this.#recentEntries = entries;
        this.#recent = known;
      }
      return known.route;
    }
    const route = targetRouteOfMatch(entries, from);
    if (this.#last === entries || known !== undefined) {
      this.#known.set(entries, { from, route, unmarked: handlersRead(entries, from, route) });
      this.#recentEntries = undefined;
    }
    this.#last = entries;
    return route;
  }
}

/** The handlers {@link targetRouteOfMatch} read without finding a mark. */
function handlersRead(
  entries: readonly MatchEntry[],
  from: number,
  route: MatchedRoute | undefined,
): unknown[] {
  const end = route === undefined ? entries.length : route.index + 1;
  const handlers: unknown[] = [];
  for (let i = from; i < end; i++) {
    const handler = targetHandler(entries[i]![0][1].handler);
    if (!hasSkipMark(handler)) handlers.push(handler);
  }
  return handlers;
}

function noneMarked(handlers: readonly unknown[]): boolean {
  for (let i = 0; i < handlers.length; i++) if (hasSkipMark(handlers[i])) return false;
  return true;
}
