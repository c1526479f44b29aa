/**
 * The relying party's requests to the OpenID provider: a read (`GET`: discovery, the signing
 * keys, userinfo) that fails on the network before any answer — a connection reset, refused or
 * cut — is sent again, up to twice, a moment apart. A code exchange (`POST`) is never repeated: an
 * authorization code is good for one use, and the provider may have taken it.
 */

/** Network errors worth one more try (Node's codes, on the error or its `cause`). */
const TRANSIENT = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_SOCKET']);

/** Attempts of a read in all. */
const ATTEMPTS = 3;
/** Pause before the second attempt (doubled before the third). */
const FIRST_PAUSE_MS = 100;

function isTransient(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && TRANSIENT.has(code)) return true;
  }
  return false;
}

/** A `fetch` with the options `openid-client` passes it. */
export type ProviderFetch = (url: string, options: { method: string } & RequestInit) => Promise<Response>;

/**
 * `fetch` (or `send`) with reads retried on transient network errors.
 *
 * @example
 * config[client.customFetch] = providerFetch();
 */
export function providerFetch(send: ProviderFetch = (url, options) => fetch(url, options)): ProviderFetch {
  return async function fetchFromProvider(url, options) {
    const attempts = options.method === 'GET' ? ATTEMPTS : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        return await send(url, options);
      } catch (error) {
        if (attempt >= attempts || !isTransient(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, FIRST_PAUSE_MS * 2 ** (attempt - 1)));
      }
    }
  };
}
