/**
 * The document application as people use it, in a real browser (Debian's Chromium through
 * playwright-core) against the real stack: PostgreSQL, the development OpenID provider, the
 * embedded engine. alice writes Markdown, previews it without saving, and reads it rendered —
 * raw HTML shown as text and scripts never run. She keeps documents in nested folders: opens a
 * folder as a page with breadcrumbs, creates inside it, renames and moves (never into itself),
 * is refused a duplicate name, and deletes a folder once it is empty. She searches (matches marked)
 * and pages each list of the start page on its own, in either order. Every page captured passes the
 * axe-core scan at a desktop and a phone width; screenshots of both go to test/output/.
 * (Sharing, versions, the trash and stale forms: `ui-document-lifecycle-browser.test.ts`.)
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/accessibility.ts';
import { type BrowserSession, openBrowserSession } from './support/browser-session.ts';
import type { TestApp } from './support/test-app.ts';

const MEETING = `# Weekly meeting

**Alice** and _Bob_ agreed:

| Item | Owner |
|------|-------|
| Budget | Alice |

- [x] minutes sent
- [ ] room booked

See https://example.com/notes and [the plan](javascript:alert(1)).

\`\`\`
total = 3 * 4
\`\`\`

<script>document.title = 'hacked'</script>`;

/** The browser's `getComputedStyle`, typed here (the project's types have no DOM). */
type Styled = { getComputedStyle(element: unknown): { fontFamily: string } };
describe('documents, folders and search in Chromium', () => {
  let session: BrowserSession;
  let app: TestApp;
  let alice: Page;
  const signIn = (username: string) => session.signIn(username);
  const click = async (page: Page, locator: Locator) => {
    await Promise.all([page.waitForNavigation(), locator.click()]);
  };
  const text = async (locator: Locator) => (await locator.textContent()) ?? '';

  beforeAll(async () => {
    session = await openBrowserSession({ elementTimeout: 5000 });
    app = session.app;
    alice = await signIn('alice');
  });
  afterAll(() => session?.close());

  it('previews Markdown without saving, then shows the saved document rendered and safe', async () => {
    await alice.goto(`${app.url}/documents/new`);
    await alice.getByLabel('Name').fill('Weekly meeting');
    await alice.getByLabel('Text').fill(MEETING);
    await click(alice, alice.getByRole('button', { name: 'Preview' }));
    const preview = alice.getByRole('region', { name: 'Preview (not saved yet)' });
    expect(await text(preview.getByRole('heading', { name: 'Weekly meeting' }))).toBe('Weekly meeting');
    expect(await alice.getByLabel('Text').inputValue()).toBe(MEETING);
    expect(await alice.getByLabel('Name').inputValue()).toBe('Weekly meeting');
    await expectAccessible(alice, 'docs-01-preview');
    expect((await app.repos.documents.list()).map((d) => d.name)).not.toContain('Weekly meeting');

    await click(alice, alice.getByRole('button', { name: 'Create document' }));
    expect(await text(alice.getByRole('status'))).toBe('Document created.');
    const body = alice.locator('.document-body');
    expect(await body.getByRole('heading', { name: 'Weekly meeting' }).count()).toBe(1);
    expect(await text(body.locator('strong'))).toBe('Alice');
    expect(await body.getByRole('cell', { name: 'Budget' }).count()).toBe(1);
    expect(await body.getByRole('columnheader', { name: 'Owner' }).count()).toBe(1);
    const link = body.getByRole('link', { name: 'https://example.com/notes' });
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await body.getByRole('link', { name: 'the plan' }).count()).toBe(0);
    expect(await text(body)).toContain('the plan');
    const code = body.locator('pre code');
    expect(await text(code)).toBe('total = 3 * 4');
    expect(
      await code.evaluate((el) => (globalThis as unknown as Styled).getComputedStyle(el).fontFamily),
    ).toMatch(/mono/i);
    expect(await text(body)).toContain("<script>document.title = 'hacked'</script>");
    expect(await alice.title()).toBe('Weekly meeting – Gatehouse');
    expect(session.dialogs).toEqual([]);
    await expectAccessible(alice, 'docs-02-markdown-rendered');
  });

  it('keeps documents in folders that are places: nest, open, rename, move, delete when empty', async () => {
    await alice.goto(`${app.url}/folders/new`);
    await alice.getByLabel('Name').fill('Projects');
    await click(alice, alice.getByRole('button', { name: 'Create folder' }));
    await click(
      alice,
      alice.getByRole('region', { name: 'Your folders' }).getByRole('link', { name: 'Projects' }),
    );
    expect(await text(alice.locator('h1'))).toBe('Projects');
    const projectsUrl = alice.url();

    await click(alice, alice.getByRole('link', { name: 'New folder here' }));
    expect(await alice.getByLabel('Inside folder').inputValue()).not.toBe('');
    await alice.getByLabel('Name').fill('Apollo');
    await click(alice, alice.getByRole('button', { name: 'Create folder' }));
    expect(await text(alice.getByRole('status'))).toBe('Folder created.');
    await click(alice, alice.getByRole('region', { name: 'Folders' }).getByRole('link', { name: 'Apollo' }));
    const crumbs = alice.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('listitem').allInnerTexts()).toEqual([
      'Your documents',
      'Projects',
      'Apollo',
    ]);

    await click(alice, alice.getByRole('link', { name: 'New document here' }));
    await alice.getByLabel('Name').fill('Launch checklist');
    await click(alice, alice.getByRole('button', { name: 'Create document' }));
    expect(await text(alice.getByRole('main'))).toContain('In Apollo');
    await click(alice, alice.getByRole('main').getByRole('link', { name: 'Apollo' }));
    expect(await alice.getByRole('region', { name: 'Documents' }).getByRole('link').allInnerTexts()).toEqual([
      'Launch checklist',
    ]);
    expect(await alice.getByRole('link', { name: 'Delete' }).count()).toBe(0);
    await expectAccessible(alice, 'docs-03-folder');

    // A second "Apollo" in Projects is refused, and Apollo cannot move into itself.
    await alice.goto(`${projectsUrl.replace(/\?.*$/, '')}`);
    await click(alice, alice.getByRole('link', { name: 'New folder here' }));
    await alice.getByLabel('Name').fill('apollo');
    await click(alice, alice.getByRole('button', { name: 'Create folder' }));
    expect(await alice.locator('#name-error').textContent()).toContain('already a folder with this name');
    await expectAccessible(alice, 'docs-04-folder-duplicate');

    await alice.goto(projectsUrl);
    await click(alice, alice.getByRole('region', { name: 'Folders' }).getByRole('link', { name: 'Apollo' }));
    await click(alice, alice.getByRole('link', { name: 'Rename or move' }));
    const places = await alice.getByLabel('Inside folder').locator('option').allInnerTexts();
    expect(places).toContain('Projects');
    expect(places).not.toContain('Apollo');
    await alice.getByLabel('Name').fill('Artemis');
    await alice.getByLabel('Inside folder').selectOption({ label: 'None (top level)' });
    await click(alice, alice.getByRole('button', { name: 'Save folder' }));
    expect(await text(alice.getByRole('status'))).toBe('Folder saved.');
    expect(await crumbs.getByRole('listitem').allInnerTexts()).toEqual(['Your documents', 'Artemis']);

    await alice.goto(projectsUrl);
    expect(await text(alice.getByRole('region', { name: 'Folders' }))).toContain('No folders inside.');
    await click(alice, alice.getByRole('link', { name: 'Delete' }));
    await click(alice, alice.getByRole('button', { name: 'Delete folder' }));
    expect(await text(alice.getByRole('status'))).toBe('Folder deleted.');
    expect(await text(alice.getByRole('region', { name: 'Your folders' }))).not.toContain('Projects');
    const gone = await alice.goto(projectsUrl);
    expect(gone?.status()).toBe(404);
  });

  it('finds documents by their words with the matches marked, and pages each start-page list on its own', async () => {
    const api = alice.context().request;
    for (let i = 1; i <= 22; i++) {
      const res = await api.post(`${app.url}/api/documents`, {
        data: {
          name: `Note ${String(i).padStart(2, '0')}`,
          content: i === 7 ? 'The zeppelin budget.' : 'Plain.',
        },
      });
      expect(res.status()).toBe(201);
    }
    await alice.goto(`${app.url}/`);
    await alice.getByRole('search').getByLabel('Search documents').fill('zeppelins');
    await click(alice, alice.getByRole('search').getByRole('button', { name: 'Search' }));
    expect(new URL(alice.url()).pathname).toBe('/search');
    const results = alice.getByRole('region', { name: 'Results' });
    expect(await results.getByRole('link', { name: 'Note 07' }).count()).toBe(1);
    expect(await results.locator('mark').allInnerTexts()).toEqual(['zeppelin']);
    await expectAccessible(alice, 'docs-05-search');

    await alice.goto(`${app.url}/?sort=name`);
    const yours = alice.getByRole('region', { name: 'Yours' });
    const names = () => yours.locator('.item-list > li > a').allInnerTexts();
    const first = await names();
    expect(first).toHaveLength(20);
    expect(first[0]).toBe('Launch checklist');
    expect(await yours.getByRole('link', { name: '← Previous' }).count()).toBe(0);
    await click(alice, yours.getByRole('link', { name: 'Next →' }));
    const second = await names();
    expect(second).toEqual(['Note 20', 'Note 21', 'Note 22', 'Weekly meeting']);
    expect(await yours.getByRole('link', { name: 'Next →' }).count()).toBe(0);
    // The other lists stay where they were, and say nothing untrue.
    expect(await text(alice.getByRole('region', { name: 'Shared with you' }))).toContain(
      'Nobody has shared a document with you yet.',
    );
    await expectAccessible(alice, 'docs-06-home-page-2');
    await click(alice, yours.getByRole('link', { name: '← Previous' }));
    expect(await names()).toEqual(first);

    await click(
      alice,
      alice.getByRole('navigation', { name: 'Order' }).getByRole('link', { name: 'Last change' }),
    );
    expect((await names())[0]).toBe('Note 22');
  });

  it('passes the accessibility scan on every kind of page the tests above visited, at both widths', async () => {
    const scanned = await session.visits.scanAll('docs');
    expect(scanned.length).toBeGreaterThan(10);
  }, 300_000);
});
