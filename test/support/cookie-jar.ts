/**
 * A small cookie jar that behaves like a browser's for what the tests need: host-only cookies
 * shared across ports (as browsers do), `Path` matching, `Max-Age`/`Expires`, and `Secure`
 * cookies kept on https and on loopback addresses (which Chrome and Firefox treat as secure).
 */

/** One stored cookie. */
export interface StoredCookie {
  readonly name: string;
  readonly value: string;
  readonly host: string;
  readonly path: string;
  readonly secure: boolean;
  readonly httpOnly: boolean;
  readonly sameSite: string | undefined;
  /** Milliseconds since the epoch; `undefined` for a session cookie. */
  readonly expiresAt: number | undefined;
}

function isSecureContext(url: URL): boolean {
  return url.protocol === 'https:' || ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

function defaultPath(url: URL): string {
  const cut = url.pathname.lastIndexOf('/');
  return cut <= 0 ? '/' : url.pathname.slice(0, cut);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  return (
    requestPath === cookiePath ||
    (requestPath.startsWith(cookiePath) &&
      (cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/'))
  );
}

/** Cookies by host, path and name. */
export class CookieJar {
  readonly #cookies = new Map<string, StoredCookie>();

  /** Applies the `Set-Cookie` headers of a response from `url`. */
  store(url: URL, setCookieHeaders: readonly string[], now = Date.now()): void {
    for (const header of setCookieHeaders) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const attrs = new Map(
        attributes.map((a) => {
          const i = a.indexOf('=');
          return i < 0 ? [a.toLowerCase(), ''] : [a.slice(0, i).toLowerCase(), a.slice(i + 1)];
        }),
      );
      const maxAge = attrs.get('max-age');
      const expires = attrs.get('expires');
      const expiresAt =
        maxAge !== undefined ? now + Number(maxAge) * 1000 : expires ? Date.parse(expires) : undefined;
      const secure = attrs.has('secure');
      if (secure && !isSecureContext(url)) continue;
      const path = attrs.get('path')?.startsWith('/') ? attrs.get('path')! : defaultPath(url);
      const cookie: StoredCookie = {
        name: pair.slice(0, eq),
        value: pair.slice(eq + 1),
        host: url.hostname,
        path,
        secure,
        httpOnly: attrs.has('httponly'),
        sameSite: attrs.get('samesite'),
        expiresAt,
      };
      const key = `${cookie.host}|${cookie.path}|${cookie.name}`;
      if (expiresAt !== undefined && expiresAt <= now) this.#cookies.delete(key);
      else this.#cookies.set(key, cookie);
    }
  }

  /** The cookies a browser would send to `url`, most specific path first. */
  matching(url: URL, now = Date.now()): StoredCookie[] {
    return [...this.#cookies.values()]
      .filter((c) => c.host === url.hostname && pathMatches(url.pathname, c.path))
      .filter((c) => (c.expiresAt === undefined || c.expiresAt > now) && (!c.secure || isSecureContext(url)))
      .sort((a, b) => b.path.length - a.path.length);
  }

  /** The `Cookie` header for `url`, or `undefined` when nothing matches. */
  header(url: URL): string | undefined {
    const cookies = this.matching(url);
    return cookies.length ? cookies.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }

  /** Every stored cookie called `name`. */
  find(name: string): StoredCookie[] {
    return [...this.#cookies.values()].filter((c) => c.name === name);
  }

  /** Puts a cookie in directly (e.g. an old session cookie, to show it is refused). */
  put(cookie: StoredCookie): void {
    this.#cookies.set(`${cookie.host}|${cookie.path}|${cookie.name}`, cookie);
  }
}
