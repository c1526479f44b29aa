/**
 * The limit on API request bodies: hono's `bodyLimit` without its cost for the common request.
 * That middleware reads `c.req.raw.body` first, which makes @hono/node-server build a full fetch
 * `Request` (headers, abort signal, stream) for every write. Here a body of declared length is
 * judged by its `Content-Length` alone (Node's HTTP parser holds the body to it, as `bodyLimit`
 * itself trusts it), a request with neither `Content-Length` nor `Transfer-Encoding` has no body
 * (HTTP/1.1), and only a chunked body goes through `bodyLimit`, which counts it as it streams.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** Options of {@link requestBodyLimit}. */
export interface RequestBodyLimitOptions {
  /** Largest body accepted, in bytes. */
  readonly maxSize: number;
  /** The answer to a larger body. */
  readonly onError: (c: Context) => Response | Promise<Response>;
}

/**
 * The middleware.
 *
 * @example
 * app.on(['POST', 'PUT'], '/api/*', requestBodyLimit({ maxSize: 1_048_576, onError: tooLarge }));
 */
export function requestBodyLimit(options: RequestBodyLimitOptions): MiddlewareHandler {
  const streamed = bodyLimit(options);
  return async function limitRequestBody(c, next) {
    if (c.req.header('transfer-encoding') !== undefined) return streamed(c, next);
    const length = c.req.header('content-length');
    if (length !== undefined && Number.parseInt(length, 10) > options.maxSize) return options.onError(c);
    await next();
  };
}
