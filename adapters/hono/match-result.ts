/**
 * The router's match of a request, read where Hono keeps it on `c.req` rather than through
 * `matchedRoutes(c)` of `hono/route`, which builds a new array of the matched routes on every call.
 */

import type { Context } from 'hono';
import type { RouterRoute } from 'hono/types';
import { type HonoClasses, honoClasses } from './decision-context.ts';

/** One entry of a router's match: the handler and its route, then the route's parameters. */
export type MatchEntry = readonly [readonly [unknown, RouterRoute], unknown];

/** The entries of the router's match of a request (`router.match(…)[0]`); `undefined` when not found. */
export type MatchReader = (c: Context) => readonly MatchEntry[] | undefined;

let reader: MatchReader | null | undefined;

/**
 * The reader of the match entries on `c.req` for this copy of Hono (found once), or `undefined`
 * when Hono does not keep them where expected: then callers use `matchedRoutes(c)`.
 */
export function matchReader(): MatchReader | undefined {
  if (reader === undefined) {
    let found: MatchReader | undefined;
    try {
      found = findMatchReader(honoClasses().HonoRequest);
    } catch {
      found = undefined;
    }
    reader = found ?? null;
  }
  return reader ?? undefined;
}

/**
 * A reader of the match a `HonoRequest` was built with. Hono keeps it behind a getter keyed by a
 * symbol it does not export (the one `matchedRoutes` reads, in every version of the adapter's peer
 * range); the key is the symbol-keyed getter that returns the very match a probe request was given.
 * `undefined` when there is none.
 */
export function findMatchReader(HonoRequest: HonoClasses['HonoRequest']): MatchReader | undefined {
  const match = [[]];
  const probe = new HonoRequest(new Request('http://localhost/'), '/', match);
  for (const key of Object.getOwnPropertySymbols(HonoRequest.prototype)) {
    if (Reflect.get(probe, key) !== match) continue;
    // Another copy of Hono keys it with another symbol: nothing found, and the caller falls back.
    return (c) =>
      (c.req as unknown as Record<symbol, readonly [readonly MatchEntry[]] | undefined>)[key]?.[0];
  }
  return undefined;
}
