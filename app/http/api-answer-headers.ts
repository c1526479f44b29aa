/**
 * Headers of every answer that is not a page (pages get theirs from the page security headers):
 * `X-Content-Type-Options: nosniff`, so that no browser reads a JSON answer — which may carry a
 * document's text — as HTML or script, and `Cache-Control: no-store` on the API, so that no
 * cache keeps one person's documents.
 */
import type { MiddlewareHandler } from 'hono';
import { isPagePath } from '../ui/index.ts';

/**
 * The middleware; mount it on `*` before everything that may answer.
 *
 * @example
 * app.use('*', apiAnswerHeaders);
 */
export const apiAnswerHeaders: MiddlewareHandler = async function apiAnswerHeaders(c, next) {
  await next();
  if (isPagePath(c.req.path)) return;
  // On the answer's own headers: `c.header` after the answer would rebuild it with its body
  // as a stream, sent chunked in three socket writes instead of one.
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
  if (c.req.path.startsWith('/api/')) c.res.headers.set('Cache-Control', 'no-store');
};
