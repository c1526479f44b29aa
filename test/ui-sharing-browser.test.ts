/**
 * Groups, folder sharing, who has access and the access log, in a real browser (Chromium) with two
 * users against the real stack: alice makes a group with bob in it and shares a folder with it;
 * bob, in his own browser, opens a document two folders down; alice sees on the access page that
 * bob reads it through the group's share of the folder, and takes that share back there; bob is
 * refused from then on, and alice's access log shows his read and his refusal. Every new page
 * passes the axe-core scan at a desktop and a phone width.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/accessibility.ts';
import { type BrowserSession, openBrowserSession } from './support/browser-session.ts';
import type { TestApp } from './support/test-app.ts';

describe('sharing pages in Chromium, with two users', () => {
  let session: BrowserSession;
  let app: TestApp;
  const signIn = (username: string) => session.signIn(username);

  const click = async (page: Page, locator: Locator) => {
    await Promise.all([page.waitForNavigation(), locator.click()]);
  };
  const text = async (locator: Locator) => (await locator.first().textContent()) ?? '';
  const shown = (locator: Locator) => locator.first().waitFor();

  beforeAll(async () => {
    session = await openBrowserSession({ elementTimeout: 5_000 });
    app = session.app;
  });
  afterAll(() => session?.close());

  it('shares a folder with a group, explains the access, takes it back, and logs both sides', async () => {
    const alice = await signIn('alice');
    const bob = await signIn('bob');
    // alice makes a group and adds bob.
    await click(alice, alice.getByRole('link', { name: 'Groups' }));
    await expectAccessible(alice, 'sharing-01-groups-empty');
    await alice.getByLabel('Group name').fill('Reviewers');
    await click(alice, alice.getByRole('button', { name: 'Make the group' }));
    expect(await text(alice.getByRole('heading', { level: 1 }))).toBe('Group: Reviewers');
    await alice.getByLabel('E-mail address').fill('nobody@example.com');
    await click(alice, alice.getByRole('button', { name: 'Add', exact: true }));
    expect(await text(alice.getByRole('alert'))).toContain('User not found');
    await expectAccessible(alice, 'sharing-02-group-error');
    await alice.getByLabel('E-mail address').fill('bob@example.com');
    await click(alice, alice.getByRole('button', { name: 'Add', exact: true }));
    await shown(alice.getByText('Member added.'));
    await expectAccessible(alice, 'sharing-03-group');

    // A folder with a document two levels down, shared with the group.
    const headers = { 'content-type': 'application/json', origin: app.url };
    const outer = await alice
      .context()
      .request.post(`${app.url}/api/folders`, { headers, data: { name: 'Reviews' } });
    const folderId = (await outer.json()).id as number;
    const inner = await alice.context().request.post(`${app.url}/api/folders`, {
      headers,
      data: { name: 'Round 1', parent_folder_id: folderId },
    });
    const doc = await alice.context().request.post(`${app.url}/api/documents`, {
      headers,
      data: { name: 'Draft review', content: 'Looks good.', folder_id: (await inner.json()).id },
    });
    const docId = (await doc.json()).id as number;
    await alice.goto(`${app.url}/folders/${folderId}`);
    await click(alice, alice.getByRole('link', { name: 'Share' }));
    await alice.getByLabel('Group').selectOption({ label: 'Reviewers' });
    await click(alice, alice.getByRole('button', { name: 'Share', exact: true }));
    await shown(alice.getByText('Folder shared, with everything inside it.'));
    expect(await text(alice.getByRole('listitem').filter({ hasText: 'Group Reviewers' }))).toContain(
      'Can read',
    );
    await expectAccessible(alice, 'sharing-04-folder-shares');

    // bob, in his own browser, reads the document and is a member of the group.
    await bob.goto(`${app.url}/documents/${docId}`);
    await shown(bob.getByText('Looks good.'));
    await bob.goto(`${app.url}/groups`);
    expect(await text(bob.getByRole('listitem').filter({ hasText: 'Reviewers' }))).toContain('Member');

    // alice sees why bob has access, and removes the grant from there.
    await alice.goto(`${app.url}/documents/${docId}/access`);
    const bobRow = alice.getByRole('row').filter({ hasText: 'bob@example.com' });
    expect(await text(bobRow)).toContain('Shared folder Reviews through group Reviewers (can read)');
    expect(await text(alice.getByRole('row').filter({ hasText: 'Group Reviewers' }))).toContain('Read');
    await expectAccessible(alice, 'sharing-05-access');
    await click(alice, bobRow.getByRole('button', { name: /Remove/ }));
    await shown(alice.getByText('Access removed.'));
    expect(await alice.getByRole('row').filter({ hasText: 'bob@example.com' }).count()).toBe(0);

    await bob.goto(`${app.url}/documents/${docId}`);
    expect(await bob.getByText('Looks good.').count()).toBe(0);

    // The access log shows bob's read and his refusal, and filters to the refusal.
    await app.running.documentApp.accessLog.flush();
    await alice.goto(`${app.url}/documents/${docId}/access-log?email=bob@example.com`);
    const outcomeIs = (word: string) =>
      alice.getByRole('row').filter({ has: alice.getByRole('cell', { name: word, exact: true }) });
    expect(await text(outcomeIs('Allowed'))).toContain('bob@example.com');
    expect(await text(outcomeIs('Denied'))).toContain('bob@example.com');
    await alice.getByLabel('Outcome').selectOption('denied');
    await click(alice, alice.getByRole('button', { name: 'Filter' }));
    expect(await outcomeIs('Allowed').count()).toBe(0);
    expect(await outcomeIs('Denied').count()).toBeGreaterThan(0);
    await expectAccessible(alice, 'sharing-06-access-log');
    await alice.goto(`${app.url}/documents/${docId}/access-log?email=not-an-address`);
    await expectAccessible(alice, 'sharing-07-access-log-error');

    // bob may not open alice's pages about the document or the group's management.
    const refused = await bob.goto(`${app.url}/documents/${docId}/access-log`);
    expect(refused?.status()).toBe(403);
    expect((await bob.goto(`${app.url}/folders/${folderId}/shares`))?.status()).toBe(403);

    expect((await session.visits.scanAll('sharing')).length).toBeGreaterThan(5);
  }, 120_000);
});
