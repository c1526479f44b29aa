/**
 * The pages in a real browser (Debian's Chromium through playwright-core) against the real stack:
 * PostgreSQL, the development OpenID provider and its login form, the embedded engine. alice
 * creates a document and shares it read-only with bob; bob reads it without any action and is
 * denied the edit form; alice lets bob edit and he can; charlie is denied everything with a reason;
 * forms from another site or without the form token are refused; signing out ends the session for
 * the back button and the old cookie alike. Screenshots of the main pages go to test/output/.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/accessibility.ts';
import { type BrowserSession, openBrowserSession } from './support/browser-session.ts';
import { freePort } from './support/free-port.ts';
import { type ServedApp, serveApp } from './support/serve-app.ts';
import type { TestApp } from './support/test-app.ts';

describe('the document pages in Chromium', () => {
  let session: BrowserSession;
  let app: TestApp;
  let alice: Page;
  let bob: Page;
  let documentUrl: string;

  /** Signs `username` in from the start page through the provider's login form. */
  async function signIn(username: string): Promise<Page> {
    const page = await session.newPage();
    await page.goto(`${app.url}/`);
    await click(page, page.getByRole('main').getByRole('link', { name: 'Sign in' }));
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(app.stack.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${app.url}/`);
    await page.waitForLoadState();
    return page;
  }

  /** Runs `action` (a click or a reload) and waits until the page it leads to has loaded. */
  async function navigate(page: Page, action: () => Promise<unknown>): Promise<void> {
    await Promise.all([page.waitForNavigation(), action()]);
  }
  const click = (page: Page, locator: Locator) => navigate(page, () => locator.click());
  const text = async (locator: Locator) => (await locator.textContent()) ?? '';
  const heading = (page: Page) => text(page.locator('h1'));
  const main = (page: Page) => text(page.getByRole('main'));
  const actions = (page: Page) =>
    page
      .getByRole('main')
      .getByRole('link', { name: /^(Edit|Sharing|Delete)$/ })
      .allInnerTexts();

  beforeAll(async () => {
    session = await openBrowserSession();
    app = session.app;
  });
  afterAll(() => session?.close());

  it('shows the public start page, and alice signs in through the provider and creates a document', async () => {
    const welcome = await session.newPage();
    await welcome.goto(`${app.url}/`);
    expect(await heading(welcome)).toBe('Gatehouse documents');
    await expectAccessible(welcome, 'ui-01-welcome');

    alice = await signIn('alice');
    expect(await text(alice.getByRole('banner'))).toContain('Signed in as Alice');
    await click(alice, alice.getByRole('link', { name: 'New folder' }));
    await alice.getByLabel('Name').fill('Finance');
    await click(alice, alice.getByRole('button', { name: 'Create folder' }));
    expect(await text(alice.getByRole('status'))).toBe('Folder created.');
    expect(await text(alice.getByRole('region', { name: 'Your folders' }))).toContain('Finance');
    await click(alice, alice.getByRole('link', { name: 'New document' }));
    expect(await heading(alice)).toBe('New document');

    // Logical focus order: skip link, site name, the header's links, account, then the form's fields and buttons.
    const order: string[] = [];
    for (let i = 0; i < 10; i++) {
      await alice.keyboard.press('Tab');
      const focused = alice.locator(':focus');
      order.push((await focused.getAttribute('name')) ?? (await text(focused)));
    }
    expect(order).toEqual([
      'Skip to content',
      'Gatehouse',
      'Groups',
      'Trash',
      'Sign out',
      'name',
      'content',
      'folder_id',
      'visibility',
      'Create document',
    ]);

    // A blank name is refused next to the field; what was typed stays.
    await alice.getByLabel('Name').fill('   ');
    await alice.getByLabel('Text').fill('Numbers for Q3.\nSecond line.');
    await click(alice, alice.getByRole('button', { name: 'Create document' }));
    expect(await text(alice.getByRole('alert'))).toContain('Name: Enter a name');
    expect(await alice.locator('#name-error').textContent()).toBe('Error: Enter a name');
    expect(await alice.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    expect(await alice.getByLabel('Text').inputValue()).toBe('Numbers for Q3.\nSecond line.');
    await alice.getByLabel('Name').focus();
    await expectAccessible(alice, 'ui-02-new-document-error');

    await alice.getByLabel('Name').fill('Quarterly plan');
    await alice.getByLabel('Folder').selectOption({ label: 'Finance' });
    await click(alice, alice.getByRole('button', { name: 'Create document' }));
    expect(await text(alice.getByRole('status'))).toBe('Document created.');
    expect(await heading(alice)).toBe('Quarterly plan');
    expect(await main(alice)).toContain('In Finance');
    expect(await actions(alice)).toEqual(['Edit', 'Sharing', 'Delete']);
    documentUrl = alice.url().replace(/\?.*$/, '');
    await expectAccessible(alice, 'ui-03-document-owner');
  });

  it('alice shares the document read-only with bob, who reads it without any action', async () => {
    bob = await signIn('bob'); // a user can be found by e-mail once they have signed in
    await click(alice, alice.getByRole('link', { name: 'Sharing' }));
    await alice.getByLabel('E-mail address').fill('nobody@example.com');
    await click(alice, alice.getByRole('button', { name: 'Share', exact: true }));
    expect(await text(alice.getByRole('status'))).toContain('they get access when they first sign in');
    expect(await text(alice.getByRole('region', { name: 'Invited, not signed in yet' }))).toContain(
      'nobody@example.com',
    );

    await alice.getByLabel('E-mail address').fill('bob@example.com');
    await alice.getByLabel('Can read', { exact: true }).check();
    await click(alice, alice.getByRole('button', { name: 'Share', exact: true }));
    expect(await text(alice.getByRole('status'))).toBe('Document shared.');
    expect(await text(alice.getByRole('row', { name: /Bob/ }))).toContain('Can read');
    await expectAccessible(alice, 'ui-04-shares');

    await navigate(bob, () => bob.reload());
    expect(await text(bob.getByRole('region', { name: 'Shared with you' }))).toContain('Quarterly plan');
    await expectAccessible(bob, 'ui-05-home-bob');
    await click(bob, bob.getByRole('link', { name: 'Quarterly plan' }));
    expect(await text(bob.locator('.document-body'))).toBe('Numbers for Q3.\nSecond line.');
    expect(await main(bob)).toContain('You can read this document.');
    expect(await actions(bob)).toEqual([]);
    expect(await bob.getByRole('main').getByRole('button').allInnerTexts()).toEqual(['Leave this share']);
    await expectAccessible(bob, 'ui-06-document-reader');
  });

  it('refuses bob the edit form by URL with a clear reason, and a forged post', async () => {
    const response = await bob.goto(`${documentUrl}/edit`);
    expect(response?.status()).toBe(403);
    expect(await heading(bob)).toBe('Access denied');
    expect(await main(bob)).toContain('You can read “Quarterly plan”, but you may not edit it.');
    expect(await bob.getByRole('link', { name: 'Back to “Quarterly plan”' }).getAttribute('href')).toBe(
      new URL(documentUrl).pathname,
    );
    expect(await bob.locator('.decision').isVisible()).toBe(false);
    await bob.getByText('Details').click();
    expect(await bob.locator('.decision').isVisible()).toBe(true);
    expect(await text(bob.locator('.decision'))).toContain('webapp.GET.documents.__id.edit');
    expect(await main(bob)).not.toMatch(/Error:|\.ts:\d+|at \w+ \(/);
    await expectAccessible(bob, 'ui-07-denied-reader');

    for (const action of ['edit', 'delete', 'shares']) {
      const forged = await bob.request.post(`${documentUrl}/${action}`, {
        form: { name: 'Taken over', content: 'gone', email: 'bob@example.com', permission: 'write' },
      });
      expect(forged.status(), action).toBe(403);
    }
    await bob.goto(documentUrl);
    expect(await heading(bob)).toBe('Quarterly plan');
    expect(await text(bob.locator('.document-body'))).toBe('Numbers for Q3.\nSecond line.');
  });

  it('alice lets bob edit; bob then gets the edit form (without visibility) and saves', async () => {
    await click(alice, alice.getByRole('button', { name: 'Allow editing for bob@example.com' }));
    expect(await text(alice.getByRole('status'))).toBe('Access changed.');
    expect(await text(alice.getByRole('row', { name: /Bob/ }))).toContain('Can edit');

    await navigate(bob, () => bob.reload());
    expect(await actions(bob)).toEqual(['Edit']);
    await click(bob, bob.getByRole('link', { name: 'Edit' }));
    expect(await bob.getByRole('group', { name: 'Visibility' }).count()).toBe(0);
    expect(await bob.getByLabel('Text').inputValue()).toBe('Numbers for Q3.\nSecond line.');
    await bob.getByLabel('Text').fill('Numbers for Q3, checked by Bob.');
    await expectAccessible(bob, 'ui-08-edit-writer');
    await click(bob, bob.getByRole('button', { name: 'Save changes' }));
    expect(await text(bob.getByRole('status'))).toBe('Changes saved.');
    expect(await text(bob.locator('.document-body'))).toBe('Numbers for Q3, checked by Bob.');

    await bob.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(bob, 'ui-09-document-writer-narrow');
  });

  it('shows charlie, located in a restricted country, nothing but the reason', async () => {
    const charlie = await signIn('charlie');
    expect(await heading(charlie)).toBe('Access denied');
    expect(await main(charlie)).toContain('does not allow access to documents from the place');
    expect(await text(charlie.locator('.decision'))).toContain('webapp.location.permitted = false');
    expect(await main(charlie)).not.toContain('Quarterly plan');
    await expectAccessible(charlie, 'ui-10-denied-location');
    const response = await charlie.goto(documentUrl);
    expect(response?.status()).toBe(403);
    expect(await main(charlie)).not.toContain('Numbers for Q3');
  });

  it('refuses a form posted from another site, or without the right form token', async () => {
    const evil: ServedApp = await serveApp(
      {
        fetch: () =>
          new Response(
            `<!doctype html><title>Win a prize</title><form method="post" action="${app.url}/documents/new">
<input type="hidden" name="_csrf" value="guess"><input type="hidden" name="name" value="Forged">
<button>Claim</button></form>`,
            { headers: { 'content-type': 'text/html' } },
          ),
      },
      await freePort(),
    );
    try {
      await alice.goto(evil.url);
      await click(alice, alice.getByRole('button', { name: 'Claim' }));
      expect(await heading(alice)).toBe('The form was not accepted');
      expect(await main(alice)).toContain(`not sent from this site (Origin ${evil.url})`);
    } finally {
      await evil.close();
    }

    // Without a valid token and without the user's own mark, the form is refused outright.
    for (const tamper of ['remove', 'alter'] as const) {
      await alice.goto(`${app.url}/documents/new`);
      await alice.getByLabel('Name').fill('Forged');
      for (const name of ['_csrf', '_form_user']) {
        const field = alice.locator(`input[name="${name}"]`);
        await (tamper === 'remove'
          ? field.evaluate((el) => el.remove())
          : field.evaluate((el) => el.setAttribute('value', 'wrong')));
      }
      await click(alice, alice.getByRole('button', { name: 'Create document' }));
      expect(await heading(alice)).toBe('The form was not accepted');
      expect(await main(alice)).toContain('The form could not be verified');
    }
    // With the user's mark but a wrong token (as after signing in again), it is shown again, unsaved.
    await alice.goto(`${app.url}/documents/new`);
    await alice.getByLabel('Name').fill('Forged');
    await alice.locator('input[name="_csrf"]').evaluate((el) => el.setAttribute('value', 'wrong'));
    await click(alice, alice.getByRole('button', { name: 'Create document' }));
    expect(await text(alice.getByRole('alert'))).toContain('Nothing was saved yet');
    expect(await alice.getByLabel('Name').inputValue()).toBe('Forged');
    await alice.goto(`${app.url}/`);
    expect(await text(alice.getByRole('region', { name: 'Yours' }))).not.toContain('Forged');
    await expectAccessible(alice, 'ui-11-home-alice');
  });

  it('signs alice out in one click, at the provider too: the back button and the old cookie do not bring the session back', async () => {
    await alice.goto(documentUrl);
    const cookies = await alice.context().cookies();
    // One click: the session's ID token tells the provider whose session to end, so it ends it
    // without asking again, and comes back to the application's signed-out page.
    await click(alice, alice.getByRole('link', { name: 'Sign out' }));
    await alice.waitForURL(`${app.url}/signed-out`);
    expect(await heading(alice)).toBe('You are signed out');
    expect(await main(alice)).toContain('signing in again asks for your password');
    expect(await alice.getByRole('banner').getByRole('link', { name: 'Sign in' }).count()).toBe(1);
    await expectAccessible(alice, 'ui-12-signed-out');

    // Back to the document (past the provider's page, which sent itself).
    for (let step = 0; step < 3 && alice.url() !== documentUrl; step++) {
      await navigate(alice, () => alice.goBack());
    }
    expect(alice.url()).toBe(documentUrl);
    expect(await heading(alice)).toBe('Sign in to continue');
    expect(await main(alice)).not.toContain('Numbers for Q3');
    await expectAccessible(alice, 'ui-13-sign-in-prompt');

    const page = await session.newPage();
    await page.context().addCookies(cookies);
    const response = await page.goto(documentUrl);
    expect(response?.status()).toBe(401);
    expect(await heading(page)).toBe('Sign in to continue');

    // The provider's session ended too: signing in again asks for the password.
    await alice.goto(`${app.url}/login`);
    expect(await alice.getByLabel('Password').count()).toBe(1);
  });

  it('passes the accessibility scan on every kind of page the tests above visited, at both widths', async () => {
    const scanned = await session.visits.scanAll('ui');
    expect(scanned.length).toBeGreaterThan(10);
  }, 300_000);
});
