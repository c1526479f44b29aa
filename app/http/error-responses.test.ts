import { DecisionUnavailableError } from '@gatehousejs/core';
import { jsonHttpError } from '@gatehousejs/hono';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DatabaseError } from '../db/index.ts';
import { ServiceError } from '../services/index.ts';
import { describeIssue, notFoundHandler, toResponseError } from './error-responses.ts';

/** An app whose one route throws `error`, signed in or not. */
function answering(error: unknown, signedIn: boolean) {
  const logged: string[] = [];
  const app = new Hono();
  app.use('*', async (c, next) => {
    c.set('user' as never, (signedIn ? { sub: 'ann' } : null) as never);
    await next();
  });
  app.get('/x', () => {
    throw error;
  });
  const logger = { warn: () => {}, error: (m: string) => logged.push(m) };
  app.onError((e, c) => toResponseError(e, c, logger).getResponse());
  app.notFound(notFoundHandler);
  return { app, logged };
}

async function answer(error: unknown, signedIn = true) {
  const { app, logged } = answering(error, signedIn);
  const res = await app.request('/x');
  return { status: res.status, body: await res.json(), logged, headers: res.headers };
}

describe('error responses', () => {
  it('maps service and database errors to their status, naming the field', async () => {
    expect(
      await answer(new ServiceError('not_found', 'Folder not found', { field: 'folder_id' })),
    ).toMatchObject({
      status: 404,
      body: { detail: 'Folder not found', field: 'folder_id' },
    });
    expect((await answer(new ServiceError('conflict', 'taken'))).status).toBe(409);
    expect((await answer(new ServiceError('unauthenticated', 'Sign-in required'))).status).toBe(401);
    const cases: [DatabaseError['code'], number][] = [
      ['invalid', 400],
      ['conflict', 409],
      ['missing_reference', 404],
      ['still_referenced', 409],
      ['unavailable', 503],
      ['query_failed', 503],
    ];
    for (const [code, status] of cases) {
      const res = await answer(new DatabaseError(code, `x ${code}`, { field: 'name' }));
      expect(res.status, code).toBe(status);
    }
  });

  it('turns a denial of a request without a user into 401 with WWW-Authenticate', async () => {
    const denied = jsonHttpError(403, 'Access denied: webapp.GET.api.documents.__id');
    expect(await answer(denied, true)).toMatchObject({
      status: 403,
      body: { detail: 'Access denied: webapp.GET.api.documents.__id' },
    });
    const anonymous = await answer(denied, false);
    expect(anonymous).toMatchObject({ status: 401, body: { detail: 'Sign-in required' } });
    expect(anonymous.headers.get('www-authenticate')).toContain('login="/login"');
    expect((await answer(new ServiceError('forbidden', 'Access denied: webapp.check'), false)).status).toBe(
      401,
    );
  });

  it('gives Hono exceptions without a body a JSON detail, and maps an unavailable decision to 503', async () => {
    expect(await answer(new HTTPException(415, { message: 'Unsupported Media Type' }))).toMatchObject({
      status: 415,
      body: { detail: 'Unsupported Media Type' },
    });
    expect((await answer(new DecisionUnavailableError('down'))).status).toBe(503);
  });

  it('answers a lost or refused database connection with 503, even as a raw driver error', async () => {
    for (const code of ['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE']) {
      const raw = Object.assign(new Error(`write ${code} 127.0.0.1:5432`), { code });
      expect(await answer(raw), code).toMatchObject({
        status: 503,
        body: { detail: 'The database is unavailable: try again later' },
      });
    }
  });

  it('answers a defect with 500 and logs it, without its message', async () => {
    const res = await answer(new TypeError('secret internals'));
    expect(res).toMatchObject({ status: 500, body: { detail: 'Internal error' } });
    expect(res.logged.join()).toContain('secret internals');
  });

  it('describes the first zod issue as field: message, unknown fields by name', () => {
    const schema = z.strictObject({ name: z.string(), nested: z.strictObject({ n: z.number() }).optional() });
    const issue = (value: unknown) => describeIssue(schema.safeParse(value).error!, 'body');
    expect(issue({ name: 1 })).toEqual({ detail: expect.stringMatching(/^name: /), field: 'name' });
    expect(issue({ name: 'x', extra: 1, more: 2 })).toEqual({
      detail: 'body: unknown fields extra, more',
      field: 'extra',
    });
    expect(issue({ name: 'x', nested: { n: 'y' } }).field).toBe('nested.n');
    expect(issue([]).field).toBe('body');
  });
});
