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

// Form actions that post to an address of their own, below the page that shows the form.
const FORM_ACTION = /\/(?:change|revoke|cancel|leave|restore)$/;
// A file's delete button sits on its document's files page.
const FILE_DELETE = /\/files\/[^/]+\/delete$/;
// The trash's restore buttons sit on the trash page itself, which has no page per document.
const TRASH_RESTORE = /^\/trash\/[^/]+\/restore$/;

/**
 * The page a request came from, to return to after signing in: the address itself for a GET;
 * for a form, the page that shows it (most forms post to their own page's address).
 *
 * @example
 * returnPath('POST', '/documents/7/shares/revoke', ''); // '/documents/7/shares'
 */
export function returnPath(method: string, path: string, search: string): string {
  if (method === 'GET' || method === 'HEAD') return `${path}${search}`;
  if (TRASH_RESTORE.test(path)) return '/trash';
  if (FILE_DELETE.test(path)) return path.replace(FILE_DELETE, '/files');
  return path.replace(FORM_ACTION, '') || '/';
}
