import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import type { ActiveSession } from '../db/index.ts';
import { createFormTokens } from './csrf-token.ts';
import { FORM_TOKEN_FIELD, MAX_FORM_BYTES, protectForms } from './form-protection.ts';
import type { PageEnv } from './page-env.ts';
import { UiError } from './ui-error.ts';

const ORIGIN = 'http://127.0.0.1:8000';
const tokens = createFormTokens('x'.repeat(32));
const session = { tokenHash: 'hash-of-alices-cookie' } as ActiveSession;
const token = tokens.tokenFor(session.tokenHash);

/** An app with the protection, a session when `x-test-session` is sent, and a form route. */
function testApp() {
  const app = new Hono<PageEnv>();
  const handled: string[] = [];
  app.use('*', async (c, next) => {
    c.set('session', c.req.header('x-test-session') ? session : null);
    await next();
  });
  app.use('*', protectForms({ tokens, appOrigin: `${ORIGIN}/ignored-path` }));
  app.post('/documents/new', async (c) => {
    handled.push(String((await c.req.parseBody()).name));
    return c.text('created', 201);
  });
  app.post('/api/documents', (c) => c.text('api', 201));
  app.get('/documents/new', (c) => c.text('form'));
  app.onError((error, c) => {
    const cause =
      error instanceof HTTPException && error.cause instanceof UiError ? error.cause.code : 'other';
    return c.text(cause, error instanceof HTTPException ? error.status : 500);
  });
  return { app, handled };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const post = (app: Hono<PageEnv>, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  app.request('/documents/new', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-test-session': '1',
      origin: ORIGIN,
      ...headers,
    },
    body: form(fields),
  });

describe('form protection', () => {
  it("accepts a form from the application's origin with the session's token, and the handler reads the body", async () => {
    const { app, handled } = testApp();
    const res = await post(app, { [FORM_TOKEN_FIELD]: token, name: 'Plan' });
    expect(res.status).toBe(201);
    expect(handled).toEqual(['Plan']);
    // Without Origin (older browsers), same-origin Sec-Fetch-Site or nothing at all: the token decides.
    const noOrigin = await app.request('/documents/new', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-test-session': '1' },
      body: form({ [FORM_TOKEN_FIELD]: token, name: 'Two' }),
    });
    expect(noOrigin.status).toBe(201);
  });

  it('refuses a missing, wrong or foreign token, and a post without a session, before the handler', async () => {
    const { app, handled } = testApp();
    const cases = [
      await post(app, { name: 'Plan' }),
      await post(app, { [FORM_TOKEN_FIELD]: 'guess', name: 'Plan' }),
      await post(app, { [FORM_TOKEN_FIELD]: tokens.tokenFor('bobs-session'), name: 'Plan' }),
      await post(app, { [FORM_TOKEN_FIELD]: token, name: 'Plan' }, { 'x-test-session': '' }),
    ];
    for (const res of cases) {
      expect(res.status).toBe(403);
      expect(await res.text()).toBe('form_token_invalid');
    }
    expect(handled).toEqual([]);
  });

  it('refuses a form from another origin — another port of the same host is another origin — even with the token', async () => {
    const { app, handled } = testApp();
    for (const headers of [
      { origin: 'http://127.0.0.1:9999' },
      { origin: 'https://127.0.0.1:8000' },
      { origin: 'null' },
    ]) {
      const res = await post(app, { [FORM_TOKEN_FIELD]: token, name: 'Plan' }, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.text()).toBe('cross_origin_form');
    }
    // Without Origin, the browser's Sec-Fetch-Site still tells a sibling or foreign site apart.
    for (const site of ['same-site', 'cross-site']) {
      const res = await app.request('/documents/new', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-test-session': '1',
          'sec-fetch-site': site,
        },
        body: form({ [FORM_TOKEN_FIELD]: token }),
      });
      expect(res.status, site).toBe(403);
      expect(await res.text()).toBe('cross_origin_form');
    }
    expect(handled).toEqual([]);
  });

  it('refuses bodies that are not forms, and forms over the size bound', async () => {
    const { app, handled } = testApp();
    const json = await post(app, {}, { 'content-type': 'application/json' });
    expect(json.status).toBe(415);
    expect(await json.text()).toBe('not_a_form');
    const huge = await post(app, { [FORM_TOKEN_FIELD]: token, name: 'x'.repeat(MAX_FORM_BYTES) });
    expect(huge.status).toBe(413);
    expect(handled).toEqual([]);
  });

  it('leaves safe methods and the JSON API alone', async () => {
    const { app } = testApp();
    expect((await app.request('/documents/new')).status).toBe(200);
    const api = await app.request('/api/documents', {
      method: 'POST',
      headers: { origin: 'http://evil.example' },
    });
    expect(api.status).toBe(201);
  });
});
