/**
 * Pages over HTTP as a browser's requests make them, for the page tests: a page's answer, the
 * session's form token as a page carries it, and forms posted the way the application's pages post
 * them (same origin, the session's token).
 */
import { expect } from 'vitest';
import { Browser } from './browser.ts';
import type { SignedInClient } from './sign-in.ts';
import type { TestApp } from './test-app.ts';

/** A page's answer. */
export interface PageAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly html: string;
}

/** Form fields. */
export type Fields = Record<string, string>;

/**
 * The page requests against `app` (read when called, so it may be started later).
 *
 * @example
 * const { get, post } = pageRequests(() => app);
 */
export function pageRequests(appOf: () => TestApp) {
  async function get(client: SignedInClient | Browser, path: string): Promise<PageAnswer> {
    const res =
      client instanceof Browser ? await client.request(new URL(path, appOf().url)) : await client.fetch(path);
    return { status: res.status, headers: res.headers, html: await res.text() };
  }

  /** The session's form token, as the page at `path` carries it. */
  async function tokenOf(client: SignedInClient, path = '/documents/new'): Promise<string> {
    const token = /name="_csrf" value="([^"]*)"/.exec((await get(client, path)).html)?.[1];
    if (!token) throw new Error(`no form token on ${path}`);
    return token;
  }

  /** Posts a form as a page of the application does (same origin, the session's token). */
  async function post(
    client: SignedInClient,
    path: string,
    fields: Fields,
    options: { token?: string | null; origin?: string } = {},
  ): Promise<PageAnswer & { location: string | null }> {
    const token = options.token === undefined ? await tokenOf(client) : options.token;
    const body = new URLSearchParams(token === null ? fields : { _csrf: token, ...fields });
    const res = await client.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: options.origin ?? appOf().url },
      body: body.toString(),
    });
    return {
      status: res.status,
      headers: res.headers,
      html: await res.text(),
      location: res.headers.get('location'),
    };
  }

  async function createDocument(client: SignedInClient, fields: Fields): Promise<number> {
    const res = await post(client, '/documents/new', { content: '', visibility: 'private', ...fields });
    expect(res.status, res.html).toBe(303);
    return Number(/^\/documents\/(\d+)\?done=created$/.exec(res.location ?? '')?.[1]);
  }

  return { get, tokenOf, post, createDocument };
}
