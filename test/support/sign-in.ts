/**
 * Signs a user in over real HTTP exactly as a browser does: `GET /login` → the provider's login
 * form → `POST` username and password → redirects → `/auth/callback` → the return path. No
 * shortcut: the development provider checks the password and the application the ID token.
 */
import { Browser, type Hop, type Navigation } from './browser.ts';

/** Why a scripted sign-in did not end signed in. */
export class SignInError extends Error {
  override name = 'SignInError';
  /** Status of the response that stopped the sign-in. */
  readonly status: number;
  /** Its body (the provider's page or the application's JSON). */
  readonly body: string;

  constructor(message: string, status: number, body: string) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/** A signed-in browser, ready to call the application. */
export interface SignedInClient {
  readonly browser: Browser;
  /** Requests `path` (relative to the application) with the session cookie; redirects not followed. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Every hop of the sign-in, from `/login` to the return path. */
  readonly hops: readonly Hop[];
}

/** Options of {@link signIn}. */
export interface SignInOptions {
  readonly username: string;
  /** Default `password` (the development stack's default). */
  readonly password?: string;
  /** Sent as `/login?return_to=`. */
  readonly returnTo?: string;
  /** Reuse a browser (e.g. one already signed in as someone else); default: a new one. */
  readonly browser?: Browser;
}

/** The login form's action, from the provider's page. */
export function loginFormAction(html: string, pageUrl: URL): URL {
  const match = /<form[^>]*\baction="([^"]+)"/i.exec(html);
  if (!match?.[1]) throw new SignInError('the provider page has no login form', 0, html);
  return new URL(
    match[1].replaceAll('&amp;', '&').replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))),
    pageUrl,
  );
}

/**
 * Opens `/login` and returns the provider's login page (the browser now holds its cookies).
 *
 * @throws {SignInError} when the navigation does not end on a login form
 */
export async function openLoginForm(
  appBaseUrl: string,
  browser: Browser,
  returnTo?: string,
): Promise<Navigation & { html: string }> {
  const navigation = await browser.navigate(loginUrl(appBaseUrl, returnTo));
  const html = await navigation.response.text();
  if (navigation.response.status !== 200 || !/name="password"/.test(html)) {
    throw new SignInError(
      `/login did not lead to a login form (${navigation.url})`,
      navigation.response.status,
      html,
    );
  }
  return { ...navigation, html };
}

/** Posts the login form as a browser would and follows the redirects. */
export function submitLoginForm(
  browser: Browser,
  form: { html: string; url: URL },
  credentials: { username: string; password: string },
  stopBefore?: (next: URL) => boolean,
): Promise<Navigation> {
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(credentials).toString(),
  };
  return browser.navigate(loginFormAction(form.html, form.url), init, stopBefore);
}

function loginUrl(appBaseUrl: string, returnTo: string | undefined): URL {
  const url = new URL('/login', appBaseUrl);
  if (returnTo !== undefined) url.searchParams.set('return_to', returnTo);
  return url;
}

/**
 * Signs `username` in to the application at `appBaseUrl`. When the browser still has a session
 * at the provider (single sign-on), the provider skips the form, as it would for a person.
 *
 * @param options `password` default `password`
 * @throws {SignInError} on a refused password or a failed callback, with the response's status and body
 * @example
 * const alice = await signIn(stack.appBaseUrl, { username: 'alice' });
 * const res = await alice.fetch('/api/documents');
 */
export async function signIn(appBaseUrl: string, options: SignInOptions): Promise<SignedInClient> {
  const browser = options.browser ?? new Browser();
  const appOrigin = new URL(appBaseUrl).origin;
  const isCallback = (h: Hop) => h.url.origin === appOrigin && h.url.pathname === '/auth/callback';
  let done = await browser.navigate(loginUrl(appBaseUrl, options.returnTo));
  let hops = done.hops;
  if (!hops.some(isCallback)) {
    const html = await done.response.text();
    if (done.response.status !== 200 || !/name="password"/.test(html)) {
      throw new SignInError(`/login did not lead to a login form (${done.url})`, done.response.status, html);
    }
    const credentials = { username: options.username, password: options.password ?? 'password' };
    done = await submitLoginForm(browser, { html, url: done.url }, credentials);
    hops = [...hops, ...done.hops];
  }
  const callback = hops.find(isCallback);
  if (!callback) {
    const body = await done.response.text();
    const alert = /role="alert">([^<]*)</.exec(body)?.[1];
    throw new SignInError(
      `sign-in as ${options.username} failed: ${alert ?? done.url}`,
      done.response.status,
      body,
    );
  }
  if (callback.status !== 302) {
    const body = callback === hops.at(-1) ? await done.response.text() : '';
    throw new SignInError(`the callback answered ${callback.status}`, callback.status, body);
  }
  await done.response.body?.cancel();
  return { browser, hops, fetch: (path, init) => browser.request(new URL(path, appBaseUrl), init) };
}
