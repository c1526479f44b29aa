import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { markPending, PENDING_BODY, pendingWritesMiddleware } from './pending-writes.ts';

/** An app whose routes mark their request pending when `?pending` is given, after an await. */
function appWithMarker() {
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Frame-Options', 'DENY');
  });
  app.use('*', pendingWritesMiddleware);
  app.use('*', async (c, next) => {
    // As the after-commit hook does: deep in the request, after I/O.
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (c.req.query('pending') !== undefined) markPending(c);
    await next();
    // Set on the answer before the marker rewrites it (as the API's Cache-Control is).
    c.header('Cache-Control', 'no-store');
  });
  app.post('/json', (c) => c.json({ id: 7, name: 'Plan' }, 201));
  app.put('/json', (c) => c.json({ id: 7 }, 200));
  app.delete('/gone', (c) => c.body(null, 204));
  app.post('/form', (c) => c.redirect('/documents/7?done=created', 303));
  app.post('/share-form', (c) => c.redirect('/documents/7/shares?done=share-pending', 303));
  app.post('/refused', (c) => c.json({ detail: 'Access denied' }, 403));
  return { app };
}

describe('the pending marker of permission-changing writes', () => {
  it('turns a marked JSON answer into 202 with pending: true, keeping the other headers', async () => {
    const { app } = appWithMarker();
    const created = await app.request('/json?pending', { method: 'POST' });
    expect(created.status).toBe(202);
    expect(await created.json()).toEqual({ id: 7, name: 'Plan', pending: true });
    expect(created.headers.get('x-frame-options')).toBe('DENY');
    expect(created.headers.get('cache-control')).toBe('no-store');
    const changed = await app.request('/json?pending', { method: 'PUT' });
    expect([changed.status, await changed.json()]).toEqual([202, { id: 7, pending: true }]);
  });

  it('turns a marked 204 into 202 with a body that says why', async () => {
    const { app } = appWithMarker();
    const gone = await app.request('/gone?pending', { method: 'DELETE' });
    expect(gone.status).toBe(202);
    expect(gone.headers.get('content-type')).toContain('application/json');
    expect(await gone.json()).toEqual(PENDING_BODY);
  });

  it("adds pending=1 to a form's redirect with a notice, not to one that already says pending", async () => {
    const { app } = appWithMarker();
    const form = await app.request('/form?pending', { method: 'POST' });
    expect([form.status, form.headers.get('location')]).toEqual([303, '/documents/7?done=created&pending=1']);
    const share = await app.request('/share-form?pending', { method: 'POST' });
    expect(share.headers.get('location')).toBe('/documents/7/shares?done=share-pending');
  });

  it('leaves unmarked answers and refusals alone', async () => {
    const { app } = appWithMarker();
    const created = await app.request('/json', { method: 'POST' });
    expect([created.status, await created.json()]).toEqual([201, { id: 7, name: 'Plan' }]);
    expect((await app.request('/gone', { method: 'DELETE' })).status).toBe(204);
    const refused = await app.request('/refused?pending', { method: 'POST' });
    expect([refused.status, await refused.json()]).toEqual([403, { detail: 'Access denied' }]);
  });

  it('keeps the marks of concurrent requests apart', async () => {
    const { app } = appWithMarker();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.request(i % 2 === 0 ? '/json?pending' : '/json', { method: 'POST' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 202 : 201)),
    );
  });
});
