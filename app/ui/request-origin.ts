/**
 * Whether a state-changing request comes from the application's own pages: the one rule behind
 * both the page forms' and the JSON API's protection against cross-site request forgery.
 * Browsers name the page that sent a request in `Origin` (every `POST`, `PUT`, `PATCH` and
 * `DELETE`, form or script) and, since 2020, say in `Sec-Fetch-Site` how it relates to the
 * target. A request with neither comes from a program, not from a page carrying someone's cookies.
 */

/**
 * Why the request does not come from origin `own`, or `undefined` when it does (or when no
 * browser sent it). `Sec-Fetch-Site: same-site` — another port of the host, a sibling
 * subdomain — is refused like `cross-site`: only the same origin is trusted.
 *
 * @example
 * crossOriginReason('https://evil.example', undefined, 'https://docs.example'); // 'Origin https://evil.example'
 * crossOriginReason(undefined, 'same-site', 'https://docs.example'); // 'Sec-Fetch-Site same-site'
 */
export function crossOriginReason(
  origin: string | undefined,
  fetchSite: string | undefined,
  own: string,
): string | undefined {
  if (origin !== undefined) return origin === own ? undefined : `Origin ${origin}`;
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return `Sec-Fetch-Site ${fetchSite}`;
  return undefined;
}
