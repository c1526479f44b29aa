/**
 * Failures of page requests as pages, of everything else as JSON: the status comes from the one
 * error mapping of the application (`toResponseError`: 401 for a denial without a user, 403, 404,
 * 400 naming the field, 503 …), so a page and the JSON API never disagree about what happened;
 * only the body differs.
 */

import type { Logger } from '@gatehousejs/core';
import type { ErrorHandler, NotFoundHandler } from 'hono';
import { isPagePath, type Pages } from '../ui/index.ts';
import { notFoundHandler, toResponseError } from './error-responses.ts';

/**
 * The application's `onError`.
 *
 * @example
 * app.onError(pageAwareErrorHandler(pages, logger));
 */
export function pageAwareErrorHandler(pages: Pages, logger: Logger): ErrorHandler {
  return async (error, c) => {
    const answer = toResponseError(error, c, logger);
    if (!isPagePath(c.req.path)) return answer.getResponse();
    const page = await pages.renderFailure(c, error, { status: answer.status, detail: answer.message });
    // "Try again in a moment" says when, on a page as in JSON.
    const retryAfter = answer.res?.headers.get('retry-after');
    if (retryAfter) page.headers.set('retry-after', retryAfter);
    return page;
  };
}

/** The application's `notFound`. */
export function pageAwareNotFound(pages: Pages): NotFoundHandler {
  return (c) =>
    isPagePath(c.req.path)
      ? pages.renderFailure(c, undefined, { status: 404, detail: 'Not found' })
      : notFoundHandler(c);
}
