/**
 * The document application as people use it, in a real browser (Debian's Chromium through
 * playwright-core) against the real stack: PostgreSQL, the development OpenID provider, the
 * embedded engine. alice writes Markdown, previews it without saving, and reads it rendered —
 * raw HTML shown as text and scripts never run. She keeps documents in nested folders: opens a
 * folder as a page with breadcrumbs, creates inside it, renames and moves (never into itself),
 * is refused a duplicate name, and deletes a folder once it is empty. She searches (matches marked)
 * and pages each list of the start page on its own, in either order. Access is visible: the owner
 * sees how many people a document is shared with; a share with bob, who has never signed in,
 * waits and takes effect at his first sign-in; bob sees the owner and whether he can read or edit,
 * and leaves the share. Every save is a version: who saved it and when ("… ago", the exact UTC
 * time in the title), an old version viewed as it was and restored. A form sent after signing in
 * again elsewhere comes back with what was typed and a fresh token. A deleted document goes to
 * the trash, where nobody but its owner finds it; she restores it, then deletes it for good after
 * a confirmation (cancelled once). Every page captured passes the axe-core scan at a desktop and a
 * phone width; screenshots of both go to test/output/.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisitLog, expectAccessible, type VisitLog } from './support/accessibility.ts';
import { launchChromium } from './support/chromium.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

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
  let app: TestApp;
  let browser: Browser;
  let alice: Page;
  const contexts: BrowserContext[] = [];
  let visits: VisitLog;
  const dialogs: string[] = [];

  async function signIn(username: string, width = 1100): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    // A missing element fails within the test's time, naming the locator.
    context.setDefaultTimeout(5000);
    contexts.push(context);
    visits.watch(context);
    const page = await context.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${app.url}/login?return_to=/`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(app.stack.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${app.url}/`);
    await page.waitForLoadState();
    return page;
  }

  async function click(page: Page, locator: Locator): Promise<void> {
    await Promise.all([page.waitForNavigation(), locator.click()]);
  }
  const text = async (locator: Locator) => (await locator.textContent()) ?? '';

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
    visits = createVisitLog(app.url);
    alice = await signIn('alice');
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.stop();
  });

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
    expect(dialogs).toEqual([]);
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

  it('shows who has access; a share with an address not signed in yet takes effect at the first sign-in; a holder leaves', async () => {
    const created = await alice.context().request.post(`${app.url}/api/documents`, {
      data: { name: 'Team charter', content: 'Who does what.' },
    });
    const documentUrl = `${app.url}/documents/${(await created.json()).id}`;
    await alice.goto(documentUrl);
    expect(await text(alice.locator('.access'))).toContain('Not shared with anyone');
    await click(alice, alice.getByRole('link', { name: 'Sharing' }));
    // bob has never signed in: the share waits for his first sign-in.
    await alice.getByLabel('E-mail address').fill('bob@example.com');
    await alice.getByLabel('Can read and edit', { exact: true }).check();
    await click(alice, alice.getByRole('button', { name: 'Share', exact: true }));
    expect(await text(alice.getByRole('status'))).toContain('they get access when they first sign in');
    expect(await text(alice.getByRole('region', { name: 'Invited, not signed in yet' }))).toContain(
      'bob@example.com',
    );
    await expectAccessible(alice, 'docs-07-shares-invited');
    const bob = await signIn('bob');
    await alice.goto(`${documentUrl}/shares`);
    expect(await alice.getByRole('region', { name: 'Invited, not signed in yet' }).count()).toBe(0);
    expect(await text(alice.getByRole('row', { name: /Bob/ }))).toContain('Can edit');
    // At 320 px the sharing page reflows: no sideways scrolling, every button fully in view.
    await alice.setViewportSize({ width: 320, height: 800 });
    expect(await alice.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(320);
    const remove = await alice
      .getByRole('button', { name: 'Remove access for bob@example.com' })
      .boundingBox();
    expect((remove?.x ?? 999) + (remove?.width ?? 999)).toBeLessThanOrEqual(320);
    await expectAccessible(alice, 'docs-08-shares-320px');
    await alice.setViewportSize({ width: 1100, height: 800 });
    await alice.goto(documentUrl);
    expect(await text(alice.locator('.access'))).toContain('You own this document.');
    expect(await text(alice.locator('.access'))).toContain('Shared with 1 person');
    await alice.goto(`${app.url}/`);
    expect(await text(alice.getByRole('region', { name: 'Yours' }).getByRole('listitem').first())).toContain(
      'Team charter',
    );
    expect(await text(alice.getByRole('region', { name: 'Yours' }).getByRole('listitem').first())).toContain(
      'Shared with 1 person',
    );

    await bob.goto(`${app.url}/`);
    const shared = bob.getByRole('region', { name: 'Shared with you' });
    expect(await text(shared)).toContain('Team charter');
    expect(await text(shared)).toContain('Can edit');
    expect(await text(shared)).toContain('Owner: Alice Anderson');
    await expectAccessible(bob, 'docs-08b-home-shared-badges');
    await click(bob, shared.getByRole('link', { name: 'Team charter' }));
    expect(await text(bob.locator('.access'))).toContain('Owner: Alice Anderson.');
    expect(await text(bob.locator('.access .badge'))).toBe('Can edit');
    expect(await text(bob.locator('.access'))).not.toContain('Shared with');
    await expectAccessible(bob, 'docs-09-document-holder');
    await click(bob, bob.getByRole('button', { name: 'Leave this share' }));
    expect(await text(bob.getByRole('status'))).toContain('You left the share');
    expect(await text(bob.getByRole('region', { name: 'Shared with you' }))).not.toContain('Team charter');
    expect((await bob.goto(documentUrl))?.status()).toBe(403);
    await alice.goto(documentUrl);
    expect(await text(alice.locator('.access'))).toContain('Not shared with anyone');
  });

  it('keeps every saved version: who and when, an old version as it was, restored by its owner', async () => {
    await alice.goto(`${app.url}/documents/new`);
    await alice.getByLabel('Name').fill('Packing list');
    await alice.getByLabel('Text').fill('- tent');
    await click(alice, alice.getByRole('button', { name: 'Create document' }));
    const documentUrl = alice.url().replace(/\?.*$/, '');
    await click(alice, alice.getByRole('link', { name: 'Edit' }));
    await alice.getByLabel('Text').fill('- tent\n- stove');
    await click(alice, alice.getByRole('button', { name: 'Save changes' }));
    const changed = alice.getByRole('main').locator('.meta time').first();
    expect(await text(changed)).toBe('just now');
    expect(await changed.getAttribute('title')).toMatch(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC$/);
    expect(await text(alice.getByRole('main').locator('.meta').first())).toContain('by Alice Anderson');

    await click(alice, alice.getByRole('link', { name: 'History' }));
    const versions = alice.locator('.versions > li');
    expect(await versions.count()).toBe(2);
    expect(await text(versions.first())).toContain('Version 2');
    expect(await text(versions.first())).toContain('Current');
    expect(await text(versions.nth(1))).toContain('Created by Alice Anderson');
    await expectAccessible(alice, 'docs-10-history');

    await click(alice, alice.getByRole('link', { name: 'Version 1' }));
    expect(await text(alice.locator('.document-body'))).not.toContain('stove');
    await expectAccessible(alice, 'docs-11-old-version');
    await click(alice, alice.getByRole('button', { name: 'Restore this version' }));
    expect(alice.url().replace(/\?.*$/, '')).toBe(documentUrl);
    expect(await text(alice.getByRole('status'))).toContain('current again');
    expect(await text(alice.locator('.document-body'))).toBe('tent');
    await click(alice, alice.getByRole('link', { name: 'History' }));
    expect(await versions.count()).toBe(3);
  });

  it("moves a deleted document to the trash, out of its holders' reach, restores it, and deletes it for good", async () => {
    const request = alice.context().request;
    const created = await request.post(`${app.url}/api/documents`, {
      data: { name: 'Old budget', content: 'Figures nobody needs.' },
    });
    const id = (await created.json()).id as number;
    const documentUrl = `${app.url}/documents/${id}`;
    const bob = await signIn('bob');
    const shared = await request.post(`${app.url}/api/shares`, {
      data: { document_id: id, email: 'bob@example.com', permission: 'read' },
    });
    expect(shared.status()).toBe(201);
    expect((await bob.goto(documentUrl))?.status()).toBe(200);

    await alice.goto(documentUrl);
    await click(alice, alice.getByRole('link', { name: 'Delete' }));
    expect(await text(alice.getByRole('main'))).toContain('restore it for 30 days');
    await expectAccessible(alice, 'docs-13-delete-to-trash');
    await click(alice, alice.getByRole('button', { name: 'Move to trash' }));
    expect(await text(alice.getByRole('status'))).toContain('moved to the trash');

    // While it is in the trash, nobody else finds or opens it.
    expect((await bob.goto(documentUrl))?.status()).toBe(404);
    await bob.goto(`${app.url}/`);
    expect(await text(bob.getByRole('main'))).not.toContain('Old budget');
    await bob.goto(`${app.url}/search?q=figures`);
    expect(await text(bob.getByRole('main'))).not.toContain('Old budget');
    await bob.goto(`${app.url}/trash`);
    expect(await text(bob.getByRole('main'))).toContain('The trash is empty.');

    await click(alice, alice.getByRole('banner').getByRole('link', { name: 'Trash' }));
    expect(await text(alice.locator('h1'))).toBe('Trash');
    const item = alice.locator('.trash > li').filter({ hasText: 'Old budget' });
    expect(await text(item)).toContain('Deleted just now');
    expect(await text(item)).toContain('deleted for good in 30 days');
    await expectAccessible(alice, 'docs-14-trash');
    await click(alice, alice.getByRole('button', { name: 'Restore Old budget' }));
    expect(alice.url().replace(/\?.*$/, '')).toBe(documentUrl);
    expect(await text(alice.getByRole('status'))).toContain('restored from the trash');
    expect((await bob.goto(documentUrl))?.status()).toBe(200);

    await click(alice, alice.getByRole('link', { name: 'Delete' }));
    await click(alice, alice.getByRole('button', { name: 'Move to trash' }));
    await alice.goto(`${app.url}/trash`);
    // "Delete forever" asks first; Cancel leads back to the trash with the document still there.
    await click(alice, alice.getByRole('link', { name: 'Delete forever Old budget' }));
    expect(alice.url()).toBe(`${app.url}/trash/${id}/delete`);
    expect(await text(alice.locator('h1'))).toBe('Delete Old budget forever?');
    expect(await text(alice.getByRole('main'))).toContain('This cannot be undone');
    await expectAccessible(alice, 'docs-14b-delete-forever');
    await click(alice, alice.getByRole('link', { name: 'Cancel' }));
    expect(alice.url()).toBe(`${app.url}/trash`);
    expect(await alice.locator('.trash > li').filter({ hasText: 'Old budget' }).count()).toBe(1);
    await click(alice, alice.getByRole('link', { name: 'Delete forever Old budget' }));
    await click(alice, alice.getByRole('button', { name: 'Delete forever' }));
    expect(alice.url()).toBe(`${app.url}/trash?done=trash-purged`);
    expect(await text(alice.getByRole('status'))).toBe('Document deleted for good.');
    expect(await text(alice.getByRole('main'))).not.toContain('Old budget');
    await expectAccessible(alice, 'docs-15-trash-after-delete-forever');
    expect((await bob.goto(documentUrl))?.status()).toBe(404);
    expect((await alice.goto(documentUrl))?.status()).toBe(404);
    await expectAccessible(alice, 'docs-16-not-found');
  });

  it('shows a form refused after signing in again elsewhere with what was typed, and a fresh token', async () => {
    await alice.goto(`${app.url}/documents/new`);
    await alice.getByLabel('Name').fill('Trip report');
    await alice.getByLabel('Text').fill('Long text typed before the session changed.');
    const staleToken = await alice.locator('input[name="_csrf"]').getAttribute('value');

    // Another tab of the same browser signs in again: the session (and its form token) is new.
    const other = await alice.context().newPage();
    await other.goto(`${app.url}/login`);
    if (await other.getByLabel('Username').count()) {
      await other.getByLabel('Username').fill('alice');
      await other.getByLabel('Password').fill(app.stack.password);
      await other.getByRole('button', { name: 'Sign in' }).click();
    }
    await other.waitForURL(`${app.url}/`);
    await other.close();

    const response = await Promise.all([
      alice.waitForNavigation(),
      alice.getByRole('button', { name: 'Create document' }).click(),
    ]).then(([r]) => r);
    expect(response?.status()).toBe(409);
    expect(await text(alice.getByRole('alert'))).toContain('Nothing was saved yet');
    expect(await alice.getByLabel('Name').inputValue()).toBe('Trip report');
    expect(await alice.getByLabel('Text').inputValue()).toBe('Long text typed before the session changed.');
    expect(await alice.locator('input[name="_csrf"]').getAttribute('value')).not.toBe(staleToken);
    expect((await app.repos.documents.list()).map((d) => d.name)).not.toContain('Trip report');
    await expectAccessible(alice, 'docs-12-stale-form');

    await click(alice, alice.getByRole('button', { name: 'Create document' }));
    expect(await text(alice.getByRole('status'))).toBe('Document created.');
    expect(await text(alice.locator('h1'))).toBe('Trip report');
  });

  it('passes the accessibility scan on every kind of page the tests above visited, at both widths', async () => {
    const scanned = await visits.scanAll('docs');
    expect(scanned.length).toBeGreaterThan(10);
  }, 300_000);
});
