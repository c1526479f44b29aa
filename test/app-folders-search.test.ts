/**
 * Folders as places and search over the JSON API against the real stack (PostgreSQL, the embedded
 * engine, sign-in through the provider): a folder's contents with its path, names unique among
 * siblings, moves that would make a cycle refused, deletion only when empty, and nothing of it
 * for anyone but the owner. Search finds names and texts (stemmed, matches marked), only in
 * documents the caller may read, paged both ways with links that say the truth.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, apiClient } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe('folders and search over HTTP', () => {
  let app: TestApp;
  let alice: ApiCall;
  let bob: ApiCall;

  const created = async (caller: ApiCall, path: string, body: Record<string, unknown>) => {
    const res = await caller('POST', path, body);
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number; name: string };
  };

  beforeAll(async () => {
    app = await startTestApp();
    alice = apiClient(await app.signIn('alice'));
    bob = apiClient(await app.signIn('bob'));
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows a folder with its path, subfolders and documents, to its owner only', async () => {
    const projects = await created(alice, '/api/folders', { name: 'Projects' });
    const apollo = await created(alice, '/api/folders', { name: 'Apollo', parent_folder_id: projects.id });
    const doc = await created(alice, '/api/documents', { name: 'Launch', folder_id: apollo.id });

    const res = await alice('GET', `/api/folders/${apollo.id}/contents`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.folder.name).toBe('Apollo');
    expect(res.body.path.map((f: { name: string }) => f.name)).toEqual(['Projects']);
    expect(res.body.documents.map((d: { id: number }) => d.id)).toEqual([doc.id]);
    expect(res.body.documents[0].content).toBeUndefined();
    expect(res.body.empty).toBe(false);
    const top = await alice('GET', `/api/folders/${projects.id}/contents`);
    expect(top.body.folders.map((f: { name: string }) => f.name)).toEqual(['Apollo']);

    expect((await bob('GET', `/api/folders/${apollo.id}/contents`)).status).toBe(403);
    expect((await alice('GET', '/api/folders/2000000000/contents')).status).toBe(404);
    expect((await alice('GET', '/api/folders/0/contents')).status).toBe(400);
  });

  it('keeps names unique among siblings (ignoring case), refuses cycles, deletes only empty folders', async () => {
    const archive = await created(alice, '/api/folders', { name: 'Archive' });
    const y2025 = await created(alice, '/api/folders', { name: '2025', parent_folder_id: archive.id });
    const twin = await alice('POST', '/api/folders', { name: 'archive' });
    expect(twin.status).toBe(409);
    expect(twin.body).toMatchObject({ field: 'name', detail: expect.stringContaining('already a folder') });
    // The same name elsewhere, and for someone else, is fine.
    await created(alice, '/api/folders', { name: 'Archive', parent_folder_id: y2025.id });
    await created(bob, '/api/folders', { name: 'Archive' });

    const y2026 = await created(alice, '/api/folders', { name: '2026', parent_folder_id: archive.id });
    const rename = await alice('PUT', `/api/folders/${y2026.id}`, { name: '2025' });
    expect(rename.status).toBe(409);
    expect(rename.body.field).toBe('name');

    const cycle = await alice('PUT', `/api/folders/${archive.id}`, { parent_folder_id: y2025.id });
    expect(cycle.status).toBe(400);
    expect(cycle.body.detail).toContain('inside itself');
    expect((await alice('GET', `/api/folders/${archive.id}`)).body.parent_folder_id).toBeNull();

    expect((await alice('DELETE', `/api/folders/${archive.id}`)).status).toBe(409);
    expect((await alice('DELETE', `/api/folders/${y2026.id}`)).status).toBe(204);
    expect((await alice('GET', `/api/folders/${y2026.id}`)).status).toBe(404);
  });

  it('searches names and texts, stemmed, with the matches marked, only where the caller may read', async () => {
    const budget = await created(alice, '/api/documents', {
      name: 'Budget meeting',
      content: 'We agreed on the travel budgets for the autumn conference.',
    });
    const secret = await created(alice, '/api/documents', {
      name: 'Salaries',
      content: 'budget lines, private',
    });
    const open = await created(alice, '/api/documents', {
      name: 'Handbook',
      content: 'Budgeting rules for everyone.',
      is_public: true,
    });

    const found = await alice('GET', '/api/search?q=budget');
    expect(found.status, found.text).toBe(200);
    const ids = found.body.items.map((i: { id: number }) => i.id);
    expect(ids).toEqual(expect.arrayContaining([budget.id, secret.id, open.id]));
    const item = found.body.items.find((i: { id: number }) => i.id === budget.id);
    expect(item.name_highlight).toEqual([
      { text: 'Budget', match: true },
      { text: ' meeting', match: false },
    ]);
    expect(item.text_highlight).toContainEqual({ text: 'budgets', match: true });
    expect(item.content).toBeUndefined();

    const bobFound = await bob('GET', '/api/search?q=budget');
    expect(bobFound.body.items.map((i: { id: number }) => i.id)).toEqual([open.id]);
    const anonymous = apiClient(app.url);
    expect(
      (await anonymous('GET', '/api/search?q=budget')).body.items.map((i: { id: number }) => i.id),
    ).toEqual([open.id]);

    await alice('POST', '/api/shares', {
      document_id: secret.id,
      email: 'bob@example.com',
      permission: 'read',
    });
    const shared = await bob('GET', '/api/search?q=salaries&sort=name');
    expect(shared.body.items.map((i: { id: number }) => i.id)).toEqual([secret.id]);
    expect((await alice('GET', '/api/search?q=%22autumn%20conference%22')).body.items).toHaveLength(1);
    expect(
      (await alice('GET', '/api/search?q=budget%20-travel')).body.items.map((i: { id: number }) => i.id),
    ).not.toContain(budget.id);
  });

  it('pages search results both ways, truthfully, and refuses bad parameters by name', async () => {
    for (let i = 1; i <= 5; i++)
      await created(alice, '/api/documents', { name: `Zebra note ${i}`, content: 'stripes' });
    const first = await alice('GET', '/api/search?q=stripes&sort=name&limit=2');
    expect(first.body.items.map((i: { name: string }) => i.name)).toEqual(['Zebra note 1', 'Zebra note 2']);
    expect(first.body.previous).toBeNull();
    expect(first.headers.get('link')).toContain('rel="next"');
    const second = await alice('GET', `/api/search?q=stripes&sort=name&limit=2&after=${first.body.next}`);
    expect(second.body.items.map((i: { name: string }) => i.name)).toEqual(['Zebra note 3', 'Zebra note 4']);
    const third = await alice('GET', `/api/search?q=stripes&sort=name&limit=2&after=${second.body.next}`);
    expect(third.body.items.map((i: { name: string }) => i.name)).toEqual(['Zebra note 5']);
    expect(third.body.next).toBeNull();
    const back = await alice('GET', `/api/search?q=stripes&sort=name&limit=2&before=${third.body.previous}`);
    expect(back.body.items.map((i: { name: string }) => i.name)).toEqual(['Zebra note 3', 'Zebra note 4']);
    const start = await alice('GET', `/api/search?q=stripes&sort=name&limit=2&before=${back.body.previous}`);
    expect(start.body.items.map((i: { name: string }) => i.name)).toEqual(['Zebra note 1', 'Zebra note 2']);
    expect(start.body.previous).toBeNull();

    // Bob may read none of them: no page, and no link promising one.
    const none = await bob('GET', '/api/search?q=stripes&limit=2');
    expect(none.body).toEqual({ items: [], next: null, previous: null });

    for (const [query, field] of [
      ['q=', 'q'],
      [`q=${'x'.repeat(201)}`, 'q'],
      ['q=a&sort=size', 'sort'],
      ['q=a&limit=0', 'limit'],
      ['q=a&after=not-a-cursor!', 'after'],
      ['q=a&after=WzEsMl0', 'after'],
    ] as const) {
      const res = await alice('GET', `/api/search?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.field ?? res.body.detail, query).toContain(field);
    }
  });
});
