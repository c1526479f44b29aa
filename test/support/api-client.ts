/**
 * JSON calls to the application under test, signed in (through a {@link SignedInClient}) or
 * anonymous (a fresh browser without cookies).
 */
import { Browser } from './browser.ts';
import type { SignedInClient } from './sign-in.ts';

/** A response with its JSON body parsed (`undefined` when there is none). */
export interface ApiResponse {
  readonly status: number;
  readonly headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are asserted field by field
  readonly body: any;
  /** The raw body text. */
  readonly text: string;
}

/** Calls one path; `body` is sent as JSON unless it is a string (sent as is). */
export type ApiCall = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<ApiResponse>;

/**
 * A JSON caller for `client` (or anonymous when `client` is a base URL); with `base`, a signed-in
 * client's calls go to that address (a replica, a proxy) with its cookies.
 *
 * @example
 * const alice = apiClient(await app.signIn('alice'));
 * const { status, body } = await alice('POST', '/api/documents', { name: 'Plan' });
 */
export function apiClient(client: SignedInClient | string, base?: string): ApiCall {
  const send =
    typeof client === 'string'
      ? (path: string, init: RequestInit) => new Browser().request(new URL(path, client), init)
      : base !== undefined
        ? (path: string, init: RequestInit) => client.browser.request(new URL(path, base), init)
        : (path: string, init: RequestInit) => client.fetch(path, init);
  return async (method, path, body, headers = {}) => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      init.headers = { 'content-type': 'application/json', ...headers };
    }
    const response = await send(path, init);
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  };
}
