/**
 * A document's life in a real browser (Debian's Chromium through playwright-core) against the real
 * stack: PostgreSQL, the development OpenID provider, the embedded engine. Access is visible: the
 * owner sees how many people a document is shared with; a share with bob, who has never signed in,
 * waits and takes effect at his first sign-in; bob sees the owner and whether he can read or edit,
 * and leaves the share. Every save is a version: who saved it and when ("… ago", the exact UTC
 * time in the title), an old version viewed as it was and restored. A form sent after signing in
 * again elsewhere comes back with what was typed and a fresh token. A deleted document goes to
 * the trash, where nobody but its owner finds it; she restores it, then deletes it for good after
 * a confirmation (cancelled once). Every page captured passes the axe-core scan at a desktop and a
 * phone width; screenshots of both go to test/output/.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/accessibility.ts';
import { type BrowserSession, openBrowserSession } from './support/browser-session.ts';
import type { TestApp } from './support/test-app.ts';

describe("a document's sharing, versions and trash in Chromium", () => {
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
    const scanned = await session.visits.scanAll('docs-lifecycle');
    expect(scanned.length).toBeGreaterThan(10);
  }, 300_000);
});
