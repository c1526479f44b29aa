/**
 * Go's `net/url` escaping rules on byte strings (one char per byte, codes 0–255): which bytes a
 * URL component must escape, `%XX` decoding with Go's checks, and the escaped form of a path.
 */

/** The URL components whose escaping rules differ. */
export type UrlComponent = 'path' | 'host' | 'zone' | 'userinfo' | 'fragment';

/** A malformed escape or a byte a host may not hold, with Go's message. */
export class UrlEscapeError extends Error {
  override readonly name = 'UrlEscapeError';
}

const ALNUM = /^[A-Za-z0-9]$/;
const HOST_EXTRA = new Set('!$&\'()*+,;=:[]<>"');
const RESERVED = new Set('$&+,/:;=?@');

/** Go's `shouldEscape(c, mode)` for the byte `c` (a one-char byte string). */
export function shouldEscape(c: string, component: UrlComponent): boolean {
  if (ALNUM.test(c)) return false;
  if ((component === 'host' || component === 'zone') && HOST_EXTRA.has(c)) return false;
  if (c === '-' || c === '_' || c === '.' || c === '~') return false;
  if (RESERVED.has(c)) {
    if (component === 'path') return c === '?';
    if (component === 'userinfo') return c === '@' || c === '/' || c === '?' || c === ':';
    if (component === 'fragment') return false;
  }
  if (component === 'fragment' && '!()*'.includes(c)) return false;
  return true;
}

const isHex = (c: string | undefined) => c !== undefined && /^[0-9A-Fa-f]$/.test(c);

/** `s` (a byte string) quoted like Go's `strconv.Quote`. */
export function quoteBytes(s: string, quote: (text: string) => string): string {
  const bytes = Uint8Array.from(s, (c) => c.charCodeAt(0));
  try {
    return quote(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    let out = '"';
    for (const b of bytes) {
      const c = String.fromCharCode(b);
      out +=
        b >= 0x20 && b < 0x7f
          ? c === '"' || c === '\\'
            ? `\\${c}`
            : c
          : `\\x${b.toString(16).padStart(2, '0')}`;
    }
    return `${out}"`;
  }
}

/** Go's `unescape(s, mode)`: decodes `%XX`, refusing malformed escapes and bytes a host may not hold. */
export function urlUnescape(s: string, component: UrlComponent, quote: (text: string) => string): string {
  let out = '';
  for (let i = 0; i < s.length; ) {
    const c = s[i] as string;
    if (c === '%') {
      if (!isHex(s[i + 1]) || !isHex(s[i + 2])) {
        throw new UrlEscapeError(`invalid URL escape ${quoteBytes(s.slice(i, i + 3), quote)}`);
      }
      const triplet = s.slice(i, i + 3);
      const byte = Number.parseInt(s.slice(i + 1, i + 3), 16);
      // In a host, escapes may only stand for non-ASCII bytes (RFC 3986), or be %25 (RFC 6874).
      if (component === 'host' && byte < 0x80 && triplet !== '%25') {
        throw new UrlEscapeError(`invalid URL escape ${quoteBytes(triplet, quote)}`);
      }
      if (
        component === 'zone' &&
        triplet !== '%25' &&
        byte !== 0x20 &&
        shouldEscape(String.fromCharCode(byte), 'host')
      ) {
        throw new UrlEscapeError(`invalid URL escape ${quoteBytes(triplet, quote)}`);
      }
      out += String.fromCharCode(byte);
      i += 3;
      continue;
    }
    if (
      (component === 'host' || component === 'zone') &&
      c.charCodeAt(0) < 0x80 &&
      shouldEscape(c, component)
    ) {
      throw new UrlEscapeError(`invalid character ${quoteBytes(c, quote)} in host name`);
    }
    out += c;
    i++;
  }
  return out;
}

/** Go's `escape(s, mode)`: every byte the component must escape as `%XX` (upper-case hex). */
export function urlEscape(s: string, component: UrlComponent): string {
  let out = '';
  for (const c of s) {
    out += shouldEscape(c, component) ? `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` : c;
  }
  return out;
}
