/**
 * Which link targets a document may carry: web and mail addresses and links within the site.
 * Anything else (`javascript:`, `data:`, `vbscript:`, unknown schemes) is shown as text, never as
 * a link, so a document cannot run code in the reader's browser.
 */

const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
// A scheme is letters, digits, `+`, `-` and `.` before the first `:` that precedes any `/?#`.
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * The target to link to, or `undefined` when `url` must not become a link.
 *
 * @example
 * linkTarget('https://example.com'); // 'https://example.com'
 * linkTarget('javascript:alert(1)'); // undefined
 */
export function linkTarget(url: string): string | undefined {
  // As the URL parser does: tabs and newlines vanish anywhere (`java\tscript:` is javascript:), and
  // control characters and blanks around the address are ignored.
  const cleaned = url.replace(/[\t\n\r]/g, '').replace(/^[\p{Cc} ]+|[\p{Cc} ]+$/gu, '');
  const scheme = SCHEME.exec(cleaned)?.[1];
  if (scheme === undefined) return cleaned;
  return ALLOWED_SCHEMES.has(`${scheme.toLowerCase()}:`) ? cleaned : undefined;
}
