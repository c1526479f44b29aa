/**
 * Where to go after sign-in: a path on this application only, so `/login?return_to=` can never
 * send a user to another site (no open redirect).
 */

const MAX_RETURN_TO_LENGTH = 2048;

/**
 * `value` when it is a local absolute path, else `/`.
 * Rejected: absolute and scheme-relative URLs (`//evil.example`), backslashes (browsers read
 * `/\evil.example` as `//evil.example`), control characters, and over-long values.
 *
 * @example
 * safeReturnTo('/documents/7?tab=shares'); // '/documents/7?tab=shares'
 * safeReturnTo('https://evil.example/');   // '/'
 */
export function safeReturnTo(value: string | undefined): string {
  if (!value || value.length > MAX_RETURN_TO_LENGTH) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\p{Cc}]/u.test(value)) return '/';
  const base = 'http://app.invalid';
  const url = new URL(value, base);
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : '/';
}
