/**
 * Every error status of the API, and bad input of every kind — malformed JSON, wrong types, huge
 * strings, negative and non-numeric ids, unknown fields — answered with a 4xx and a message naming
 * the field, never a 5xx, and never a partial write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, apiClient } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe('errors and bad input over HTTP', () => {
  let app: TestApp;
  let alice: ApiCall;
  let bob: ApiCall;
  let docId: number;
  let folderId: number;

  async function tableCounts() {
    const [row] = await app.sql<{ documents: number; folders: number; shares: number; outbox: number }[]>`
      SELECT (SELECT count(*)::int FROM documents) AS documents, (SELECT count(*)::int FROM folders) AS folders,
             (SELECT count(*)::int FROM shares) AS shares, (SELECT count(*)::int FROM directory_outbox) AS outbox`;
    return row;
  }

  beforeAll(async () => {
    app = await startTestApp();
    alice = apiClient(await app.signIn('alice'));
    bob = apiClient(await app.signIn('bob'));
    docId = (await alice('POST', '/api/documents', { name: 'Target', content: 'original' })).body.id;
    folderId = (await alice('POST', '/api/folders', { name: 'Shelf' })).body.id;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('answers malformed JSON, wrong content types and missing bodies with 4xx and a message', async () => {
    const malformed = await alice('POST', '/api/documents', '{"name": "x",');
    expect(malformed).toMatchObject({
      status: 400,
      body: { detail: expect.stringMatching(/Malformed JSON/) },
    });
    const form = await alice('POST', '/api/documents', 'name=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    expect(form.body.detail).toMatch(/Unsupported Media Type/);
    const empty = await alice('POST', '/api/documents', '', { 'content-type': 'application/json' });
    expect(empty.status).toBe(400);
    const none = await alice('POST', '/api/documents');
    expect(none.status).toBeGreaterThanOrEqual(400);
    expect(none.status).toBeLessThan(500);
    expect(none.body.detail).toEqual(expect.any(String));
  });

  it('names the field of every wrong type, bound and unknown field', async () => {
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/documents', { name: 42 }, 'name'],
      ['POST', '/api/documents', { name: 'x', is_public: 'yes' }, 'is_public'],
      ['POST', '/api/documents', { name: 'x', folder_id: '3' }, 'folder_id'],
      ['POST', '/api/documents', { name: 'x', folder_id: -1 }, 'folder_id'],
      ['POST', '/api/documents', { name: 'x', folder_id: 1.5 }, 'folder_id'],
      ['POST', '/api/documents', { name: 'x', folder_id: 2 ** 31 }, 'folder_id'],
      ['POST', '/api/documents', { name: '' }, 'name'],
      ['POST', '/api/documents', { name: '   ' }, 'name'],
      ['POST', '/api/documents', { name: 'a\u0007b' }, 'name'],
      ['POST', '/api/documents', { name: 'n'.repeat(256) }, 'name'],
      ['POST', '/api/documents', { name: 'x', content: 'c'.repeat(1_048_577) }, 'content'],
      ['POST', '/api/documents', { name: 'x', content: 'nul\u0000' }, 'content'],
      ['POST', '/api/documents', { name: 'x', owner_id: 'someone-else' }, 'owner_id'],
      ['POST', '/api/documents', JSON.parse('{"name":"x","__proto__":{"is_public":true}}'), '__proto__'],
      ['POST', '/api/documents', [], 'body'],
      ['POST', '/api/documents', null, 'body'],
      ['PUT', `/api/documents/${docId}`, {}, 'body'],
      ['PUT', `/api/documents/${docId}`, { content: 7 }, 'content'],
      ['POST', '/api/folders', { name: 'f', parent_folder_id: 'root' }, 'parent_folder_id'],
      ['POST', '/api/folders', { name: 'f', color: 'red' }, 'color'],
      ['POST', '/api/shares', { document_id: docId, permission: 'read' }, 'email'],
      [
        'POST',
        '/api/shares',
        { document_id: docId, email: 'bob@example.com', user_id: 'x', permission: 'read' },
        'email',
      ],
      [
        'POST',
        '/api/shares',
        { document_id: docId, email: 'bob@example.com', permission: 'admin' },
        'permission',
      ],
      [
        'POST',
        '/api/shares',
        { document_id: '1', email: 'bob@example.com', permission: 'read' },
        'document_id',
      ],
      ['POST', '/api/shares', { document_id: docId, email: 'not-an-address', permission: 'read' }, 'email'],
      [
        'POST',
        '/api/shares',
        { document_id: docId, email: `${'b'.repeat(400)}@example.com`, permission: 'read' },
        'email',
      ],
      // Characters PostgreSQL cannot store (NUL) or that are not text (a lone surrogate).
      [
        'POST',
        '/api/shares',
        { document_id: docId, email: 'b\u0000ob@example.com', permission: 'read' },
        'email',
      ],
      [
        'POST',
        '/api/shares',
        { document_id: docId, email: 'b\ud800ob@example.com', permission: 'read' },
        'email',
      ],
      ['POST', '/api/shares', { document_id: docId, user_id: 'sub\u0000', permission: 'read' }, 'user_id'],
      ['POST', '/api/shares', { document_id: docId, user_id: 'sub\udfff', permission: 'read' }, 'user_id'],
      ['POST', '/api/folders', { name: 'f\u0000' }, 'name'],
      ['PUT', `/api/documents/${docId}`, { name: 'n\u0000' }, 'name'],
      // The search's match markers: a text must not fake its own highlights.
      ['POST', '/api/documents', { name: 'x', content: 'see \u0002this\u0003' }, 'content'],
      ['PUT', `/api/documents/${docId}`, { content: 'a\u0003' }, 'content'],
      ['PUT', `/api/documents/${docId}`, { name: 'n\u0002' }, 'name'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await alice(method, path, body);
      expect(res.status, `${method} ${path} ${res.text}`).toBe(400);
      expect(res.body.field, `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}`).toBe(field);
      expect(res.body.detail).toContain(field === 'body' ? 'body' : field);
      if (/\\u000[23]/.test(JSON.stringify(body))) {
        expect(res.body.detail).toMatch(field === 'content' ? /U\+0002 or U\+0003/ : /control characters/);
      }
    }
  });

  it('refuses negative, zero, non-numeric and oversized ids and bad paging with 400', async () => {
    for (const id of ['-1', '0', 'abc', '1.5', '007', '99999999999', '2147483648', '%20']) {
      for (const [method, path] of [
        ['GET', `/api/documents/${id}`],
        ['PUT', `/api/documents/${id}`],
        ['DELETE', `/api/documents/${id}`],
        ['GET', `/api/folders/${id}`],
        ['DELETE', `/api/shares/${id}/bob@example.com`],
      ] as const) {
        const res = await alice(method, path, method === 'PUT' ? { name: 'x' } : undefined);
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(res.body.detail).toMatch(/must be a positive whole number/);
      }
    }
    expect(
      (await alice('GET', `/api/documents/${docId}/permissions`.replace(String(docId), 'x'))).status,
    ).toBe(400);
    for (const query of ['limit=0', 'limit=1001', 'limit=abc', 'after=-1', 'after=x', 'colour=red']) {
      const res = await alice('GET', `/api/documents?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    expect((await alice('DELETE', `/api/shares/${docId}/not-an-address`)).body.field).toBe('email');
    const nul = await alice('DELETE', `/api/shares/${docId}/b%00ob@example.com`);
    expect(nul).toMatchObject({ status: 400, body: { field: 'email' } });
    expect(nul.body.detail).not.toMatch(/byte sequence|UTF8/);
  });

  it('answers 401, 403, 404, 409 and 413 with their detail', async () => {
    const anonymous = apiClient(app.url);
    expect(await anonymous('POST', '/api/documents', { name: 'x' })).toMatchObject({
      status: 401,
      body: { detail: 'Sign-in required' },
    });
    expect(await bob('DELETE', `/api/documents/${docId}`)).toMatchObject({
      status: 403,
      body: { detail: 'Access denied: webapp.DELETE.api.documents.__id' },
    });
    expect(await alice('GET', '/api/documents/123456')).toMatchObject({
      status: 404,
      body: { detail: 'Document not found' },
    });
    expect(await bob('GET', '/api/documents/123456')).toMatchObject({ status: 404 });
    // Every API answer, error or not, is kept out of caches.
    const answers = [
      await alice('GET', `/api/documents/${docId}`),
      await bob('GET', '/api/documents/123456'),
    ];
    expect(answers.map((a) => [a.status, a.headers.get('cache-control')])).toEqual([
      [200, 'no-store'],
      [404, 'no-store'],
    ]);
    expect(await alice('GET', '/api/nothing-here')).toMatchObject({
      status: 404,
      body: { detail: 'Not found' },
    });
    await alice('POST', '/api/documents', { name: 'In shelf', folder_id: folderId });
    expect(await alice('DELETE', `/api/folders/${folderId}`)).toMatchObject({
      status: 409,
      body: { detail: expect.stringMatching(/not empty/) },
    });
    const huge = await alice(
      'POST',
      '/api/documents',
      JSON.stringify({ name: 'x', content: 'y'.repeat(9 * 1_048_576) }),
    );
    expect(huge.status).toBe(413);
    expect(huge.body.detail).toMatch(/larger than/);
  });

  it('never answers 5xx to odd bodies, and bad requests never write anything', async () => {
    const before = await tableCounts();
    const bodies: unknown[] = [
      1,
      'text',
      true,
      {},
      { name: null },
      { name: ['a'] },
      { name: { toString: 'x' } },
      { name: 'x', content: null },
      { name: 'x', is_public: null },
      { name: 'x', folder_id: 999_999 },
      { name: '\ud800' },
      { name: 'x'.repeat(100_000) },
      `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      { document_id: 1e308, email: 'b@x', permission: 'read' },
    ];
    const targets: [string, string][] = [
      ['POST', '/api/documents'],
      ['PUT', `/api/documents/${docId}`],
      ['POST', '/api/folders'],
      ['PUT', `/api/folders/${folderId}`],
      ['POST', '/api/shares'],
    ];
    for (const [method, path] of targets) {
      for (const body of bodies) {
        const res = await alice(method, path, body);
        expect(res.status, `${method} ${path} ${res.text.slice(0, 120)}`).toBeLessThan(500);
        expect(res.status).not.toBe(200);
        expect(res.status).not.toBe(201);
        expect(res.body?.detail, `${method} ${path}`).toEqual(expect.any(String));
      }
    }
    // A refused change of several fields changes none of them.
    await alice('POST', '/api/shares', { document_id: docId, email: 'bob@example.com', permission: 'write' });
    const mixed = await bob('PUT', `/api/documents/${docId}`, { content: 'bob was here', is_public: true });
    expect(mixed.status).toBe(403);
    expect((await alice('GET', `/api/documents/${docId}`)).body).toMatchObject({
      content: 'original',
      is_public: false,
    });
    await alice('DELETE', `/api/shares/${docId}/bob@example.com`);
    const after = await tableCounts();
    expect(after).toEqual({ ...before, outbox: before!.outbox + 2 });
    expect(app.logs.filter((l) => l.level === 'error')).toEqual([]);
  });
});
