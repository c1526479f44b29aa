/**
 * Which requests are pages: everything a person's browser navigates to, i.e. every path except
 * the JSON API (`/api/…`), its description, the health check and the sign-in endpoints, which
 * keep their JSON answers.
 */

const NOT_PAGES = /^\/(?:api(?:\/|$)|openapi\.json$|health$|login$|logout$|auth\/callback$)/;

/**
 * Whether `path` is answered with HTML pages (errors included).
 *
 * @example
 * isPagePath('/documents/7'); // true
 * isPagePath('/api/documents/7'); // false
 */
export function isPagePath(path: string): boolean {
  return !NOT_PAGES.test(path);
}

/** The path of the sign-in that returns to `returnTo` (a local path) afterwards. */
export function signInPath(returnTo: string): string {
  return returnTo === '/' ? '/login' : `/login?return_to=${encodeURIComponent(returnTo)}`;
}
