/**
 * A scripted browser over `fetch`: it keeps cookies in a {@link CookieJar} and follows redirects
 * hop by hop as browsers do (a 302/303 after a POST becomes a GET), recording every hop.
 */
import { CookieJar } from './cookie-jar.ts';

/** One response seen while navigating. */
export interface Hop {
  readonly url: URL;
  readonly status: number;
  readonly location: string | undefined;
}

/** Where a navigation ended, and how it got there. */
export interface Navigation {
  readonly response: Response;
  readonly url: URL;
  readonly hops: readonly Hop[];
}

const MAX_REDIRECTS = 20;

/** A browser with its own cookie jar. */
export class Browser {
  readonly jar = new CookieJar();

  /** One request, no redirect following; cookies sent and stored. */
  async request(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    const cookie = this.jar.header(target);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    this.jar.store(target, response.headers.getSetCookie());
    return response;
  }

  /**
   * Requests `url` and follows redirects until a non-redirect answer, or until the next hop
   * would go to a URL for which `stopBefore` is true (that hop is then not requested).
   */
  async navigate(
    url: string | URL,
    init: RequestInit = {},
    stopBefore?: (next: URL) => boolean,
  ): Promise<Navigation> {
    let target = new URL(url);
    let request = init;
    const hops: Hop[] = [];
    for (let i = 0; i <= MAX_REDIRECTS; i++) {
      const response = await this.request(target, request);
      const location = response.headers.get('location') ?? undefined;
      hops.push({ url: target, status: response.status, location });
      if (response.status < 300 || response.status > 399 || !location) return { response, url: target, hops };
      const method = (request.method ?? 'GET').toUpperCase();
      const keepMethod = response.status === 307 || response.status === 308;
      request = keepMethod ? request : { method: method === 'HEAD' ? 'HEAD' : 'GET' };
      const next = new URL(location, target);
      if (stopBefore?.(next)) return { response, url: target, hops };
      await response.body?.cancel();
      target = next;
    }
    throw new Error(`more than ${MAX_REDIRECTS} redirects from ${url}`);
  }
}
