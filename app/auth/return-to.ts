/**
 * Where to go after sign-in: a path on this application only, so `/login?return_to=` can never
 * send a user to another site (no open redirect).
 */

const MAX_RETURN_TO_LENGTH = 2048;
const BASE = 'http://app.invalid';

/** A local absolute path: one leading slash, no backslash, no control character. */
function isLocalPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !/[\\\p{Cc}]/u.test(value);
}

/**
 * `value` normalized (dot segments, `%2e` included, resolved) when it is a local absolute path
 * before and after normalization, else `/`.
 * Rejected: absolute and scheme-relative URLs (`//evil.example`, and `/.//evil.example` or
 * `/%2e//evil.example`, which normalize to it), backslashes (browsers read `/\evil.example` as
 * `//evil.example`), control characters, and over-long values.
 *
 * @example
 * safeReturnTo('/documents/7?tab=shares'); // '/documents/7?tab=shares'
 * safeReturnTo('https://evil.example/');   // '/'
 * safeReturnTo('/.//evil.example');        // '/'
 */
export function safeReturnTo(value: string | undefined): string {
  if (!value || value.length > MAX_RETURN_TO_LENGTH || !isLocalPath(value)) return '/';
  const url = new URL(value, BASE);
  if (url.origin !== BASE) return '/';
  // The check runs again on what the browser will be sent: normalization can create `//`.
  const normalized = `${url.pathname}${url.search}${url.hash}`;
  return isLocalPath(normalized) ? normalized : '/';
}
