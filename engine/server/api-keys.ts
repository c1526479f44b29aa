/**
 * Topaz's optional API-key authentication: when keys are configured, every call must carry
 * `authorization: basic <key>` (what Topaz's clients send for an API key); otherwise it fails
 * with `E30007 authentication failed` (Unauthenticated, HTTP 401).
 */
import { timingSafeEqual } from 'node:crypto';
import type { Interceptor } from '@connectrpc/connect';
import { topazError, topazErrors } from './topaz-errors.ts';

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A check of request headers against `keys`; with no keys every request passes.
 *
 * @example
 * const authenticate = apiKeyCheck(['s3cret']);
 * authenticate(new Headers({ authorization: 'basic s3cret' }));
 */
export function apiKeyCheck(keys: readonly string[]): (headers: Headers) => void {
  if (keys.length === 0) return () => {};
  return (headers) => {
    const match = /^basic\s+(.+)$/i.exec(headers.get('authorization') ?? '');
    const given = match?.[1]?.trim() ?? '';
    if (!keys.some((key) => sameKey(given, key))) {
      throw topazError(topazErrors.authenticationFailed, { msg: 'missing or invalid API key' });
    }
  };
}

/** The same check as a Connect server interceptor. */
export function apiKeyInterceptor(check: (headers: Headers) => void): Interceptor {
  return (next) => async (request) => {
    check(request.header);
    return next(request);
  };
}
