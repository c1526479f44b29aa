/**
 * Lists and denial pages as people read them, over HTTP against the real stack: search results in
 * the start page's one row layout with a passage of plain words (no Markdown syntax), the parts of
 * a row's line set apart ("Can read · Owner: …", never "Can readOwner:"), and a restricted user's
 * denial page offering no link the policies would refuse him (the start page, groups, trash) and
 * no link to the page he is on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/api-client.ts';
import { pageRequests } from './support/page-requests.ts';
import type { SignedInClient } from './support/sign-in.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** The text of an HTML fragment as a person reads it (tags removed, blanks collapsed). */
const words = (html: string) =>
  html
    .replace(/<\/?(?:p|li|a)\b[^>]*>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** The `<li>` rows of the first `.item-list` after `heading`. */
const rowsAfter = (html: string, heading: string) => {
  const from = html.indexOf(heading);
  const list = /<ul class="item-list">([\s\S]*?)<\/ul>/.exec(html.slice(from))?.[1] ?? '';
  return [...list.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1] ?? '');
};

/** A row's structure: its elements in order, without text or attributes other than class. */
const shape = (row: string) =>
  [...row.matchAll(/<(\w+)(?:[^>]*?class="([^"]*)")?[^>]*>/g)]
    .map((m) => (m[2] ? `${m[1]}.${m[2]}` : m[1]))
    .filter((tag) => tag !== 'mark' && tag !== 'time' && !tag?.startsWith('span'))
    .join(' ');

describe('lists and denial pages', () => {
  let app: TestApp;
  let alice: SignedInClient;
  let bob: SignedInClient;
  let charlie: SignedInClient;
  const { get } = pageRequests(() => app);

  beforeAll(async () => {
    app = await startTestApp();
    [alice, bob, charlie] = await Promise.all([
      app.signIn('alice'),
      app.signIn('bob'),
      app.signIn('charlie'),
    ]);
    const created = await apiClient(alice)('POST', '/api/documents', {
      name: 'Quarterly budget',
      content:
        '## Budget overview\n\n- **Marketing** budget: see [the sheet](https://sheets.example/q3)\n- `travel` budget > 10%\n\n| Item | Budget |\n|---|---|\n| Ads | 4k |',
    });
    expect(created.status, created.text).toBe(201);
    const shared = await apiClient(alice)('POST', '/api/shares', {
      document_id: created.body.id,
      email: 'bob@example.com',
      permission: 'read',
    });
    expect(shared.status, shared.text).toBe(201);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows search passages as plain words, in the same row layout as the start page', async () => {
    const search = await get(bob, '/search?q=budget');
    expect(search.status).toBe(200);
    const [found] = rowsAfter(search.html, 'id="results-heading"');
    expect(found).toBeDefined();
    const passage = /<p class="passage">([\s\S]*?)<\/p>/.exec(found ?? '')?.[1] ?? '';
    expect(passage).toContain('<mark>');
    expect(words(passage)).toMatch(/budget/i);
    for (const syntax of ['##', '**', '](', 'https://sheets', '`', '|', '- ']) {
      expect(words(passage), syntax).not.toContain(syntax);
    }
    const home = await get(bob, '/');
    const [listed] = rowsAfter(home.html, 'id="shared-heading"');
    expect(listed).toBeDefined();
    // One layout: the search row is the start page's row plus its passage.
    expect(shape(found ?? '')).toBe(shape(listed ?? '').replace('a ', 'a p.passage '));
    expect(words(found ?? '')).toMatch(/Can read · Owner: Alice Anderson · Changed/);
  });

  it('sets the parts of a shared document’s line apart on the start page', async () => {
    const home = await get(bob, '/');
    const [row] = rowsAfter(home.html, 'id="shared-heading"');
    expect(words(row ?? '')).toMatch(/^Quarterly budget Can read · Owner: Alice Anderson · Changed \S/);
    expect(words(home.html)).not.toContain('Can readOwner');
  });

  it('offers a restricted user no link to the page he is denied, nor to groups or trash he is denied', async () => {
    for (const path of ['/', '/search?q=budget', '/documents/1']) {
      const denied = await get(charlie, path);
      expect(denied.status, path).toBe(403);
      expect(denied.html, path).toContain('does not allow access to documents from the place');
      expect(denied.html, path).not.toMatch(/href="\/(?:\?[^"]*)?"/);
      expect(denied.html, path).not.toContain('href="/trash"');
      expect(denied.html, path).not.toContain('href="/groups"');
      expect(denied.html, path).toContain('href="/logout"');
      expect((await get(charlie, '/trash')).status).toBe(403);
      expect((await get(charlie, '/groups')).status).toBe(403);
    }
    // Someone allowed elsewhere keeps every link on a denial.
    const bobDenied = await get(bob, '/documents/1/edit');
    expect(bobDenied.status).toBe(403);
    for (const href of ['href="/"', 'href="/trash"', 'href="/groups"'])
      expect(bobDenied.html).toContain(href);
  });
});
