import { type Context, Hono } from 'hono';
import { matchedRoutes } from 'hono/route';
import { LinearRouter } from 'hono/router/linear-router';
import { PatternRouter } from 'hono/router/pattern-router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { honoClasses } from './decision-context.ts';
import { findMatchReader, matchReader } from './match-result.ts';
import { skipMiddleware, type TargetRoute, targetRoute, targetRouteRead } from './route-match.ts';

const ROUTERS = [
  ['RegExpRouter', () => new RegExpRouter()],
  ['TrieRouter', () => new TrieRouter()],
  ['SmartRouter', () => new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] })],
  ['LinearRouter', () => new LinearRouter()],
  ['PatternRouter', () => new PatternRouter()],
] as const;

type Seen = { inPlace: TargetRoute | undefined; viaCopy: TargetRoute | undefined };

/** An app whose first middleware records what it sees of each request's match. */
function application(router: () => unknown, seen: Seen[]) {
  const app = new Hono({ router: router() as Hono['router'] });
  app.use('*', (c: Context, next) => {
    const entries = matchReader()?.(c);
    seen.push({ inPlace: targetRoute(c), viaCopy: targetRouteRead(c, undefined) });
    expect(entries?.map(([[, route]]) => route)).toEqual(matchedRoutes(c));
    return next();
  });
  app.use('/api/*', async (_c, next) => next());
  app.get('/api/documents/:id', (c) => c.text(c.req.param('id')));
  app.get(
    '/public',
    skipMiddleware((c) => c.text('public')),
  );
  const sub = new Hono();
  sub.get('/items/:item', (c) => c.text('item'));
  app.route('/sub', sub);
  const mounted = new Hono();
  mounted.get('/x', (c) => c.text('mounted'));
  app.mount('/mounted', mounted.fetch);
  return app;
}

describe('the match read in place', () => {
  it('finds the match every request was built with, and no reader on a class without one', () => {
    expect(matchReader()).toBeTypeOf('function');
    // A symbol-keyed getter that returns something else than the match given: not a match reader.
    const copied = Symbol('copied match');
    class Copying {
      readonly #match: unknown[];
      constructor(_request: Request, _path: string, match: unknown[]) {
        this.#match = match;
      }
      get [copied](): unknown[] {
        return [...this.#match];
      }
    }
    expect(findMatchReader(Copying as never)).toBeUndefined();
    const read = findMatchReader(honoClasses().HonoRequest);
    expect(read).toBeTypeOf('function');
    // A request of another copy of Hono keeps its match under another symbol: nothing read.
    expect(read?.({ req: { routeIndex: 0 } } as never)).toBeUndefined();
  });

  for (const [name, router] of ROUTERS) {
    it(`sees the routes matchedRoutes sees, and the same target route as without it (${name})`, async () => {
      const seen: Seen[] = [];
      const app = application(router, seen);
      const paths = ['/api/documents/7', '/public', '/sub/items/3', '/mounted/x', '/nothing', '/api/none'];
      for (let round = 0; round < 2; round++) {
        for (const path of paths) await app.request(path);
      }
      expect(seen).toHaveLength(paths.length * 2);
      for (const { inPlace, viaCopy } of seen) expect(inPlace).toEqual(viaCopy);
      expect(seen.slice(0, paths.length).map((s) => s.inPlace)).toEqual([
        { path: '/api/documents/:id', skipped: false, index: 2 },
        { path: '/public', skipped: true, index: 1 },
        { path: '/sub/items/:item', skipped: false, index: 1 },
        { path: '/mounted/*', skipped: false, index: 1 },
        undefined,
        { path: '/api/*', skipped: false, index: 1 },
      ]);
    });
  }
});
