/**
 * A team in real browsers (two Chromium contexts, two users) against the real stack: alice and bob
 * edit one document at once — bob's stale save shows the merge page, he merges and saves, and no
 * line of either is lost; the history compares the versions; alice uploads an image on the files
 * page, it shows inline in the document for bob; alice gives the document to bob. Every new page —
 * the merge page, the comparison, the files page, the ownership form — passes the axe-core scan at
 * a desktop and a phone width.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/accessibility.ts';
import { type BrowserSession, openBrowserSession } from './support/browser-session.ts';
import { PNG as PNG_BYTES } from './support/file-uploads.ts';
import type { TestApp } from './support/test-app.ts';

const PNG = Buffer.from(PNG_BYTES);

describe('a team in two browsers', () => {
  let session: BrowserSession;
  let app: TestApp;
  const signIn = (username: string) => session.signIn(username);

  const click = async (page: Page, locator: Locator) => {
    await Promise.all([page.waitForNavigation(), locator.click()]);
  };
  const text = async (locator: Locator) => (await locator.first().textContent()) ?? '';

  beforeAll(async () => {
    session = await openBrowserSession({ elementTimeout: 10_000 });
    app = session.app;
  });
  afterAll(() => session?.close());

  it('edits at once without losing a line, compares the versions, shows an uploaded image, and gives the document away', async () => {
    const alice = await signIn('alice');
    const bob = await signIn('bob');
    const headers = { 'content-type': 'application/json', origin: app.url };
    const created = await alice.context().request.post(`${app.url}/api/documents`, {
      headers,
      data: { name: 'Launch plan', content: 'Goals\nDates\n' },
    });
    const id = (await created.json()).id as number;
    await alice.context().request.post(`${app.url}/api/shares`, {
      headers,
      data: { document_id: id, email: 'bob@example.com', permission: 'write' },
    });

    // Both open the edit form of the same revision.
    await alice.goto(`${app.url}/documents/${id}/edit`);
    await bob.goto(`${app.url}/documents/${id}/edit`);
    await alice.getByLabel('Text', { exact: true }).fill('Goals: ship in May\nDates\n');
    await click(alice, alice.getByRole('button', { name: 'Save changes' }));
    expect(await text(alice.getByRole('status'))).toContain('Changes saved.');

    // bob's form is stale: nothing of his is saved, the merge page shows alice's text beside his.
    await bob.getByLabel('Text', { exact: true }).fill('Goals\nDates\nBudget: 10k\n');
    await click(bob, bob.getByRole('button', { name: 'Save changes' }));
    expect(await text(bob.getByRole('alert'))).toContain('Not saved: Alice Anderson saved this document');
    const table = bob.getByRole('table', { name: 'The saved text beside yours' });
    expect(await text(table)).toContain('Goals: ship in May');
    expect(await text(table)).toContain('Budget: 10k');
    expect(await bob.getByLabel('Text', { exact: true }).inputValue()).toBe('Goals\nDates\nBudget: 10k\n');
    await expectAccessible(bob, 'team-01-merge');

    await bob.getByLabel('Text', { exact: true }).fill('Goals: ship in May\nDates\nBudget: 10k\n');
    await click(bob, bob.getByRole('button', { name: 'Save merged text' }));
    expect(await text(bob.getByRole('status'))).toContain('Changes saved.');
    await alice.goto(`${app.url}/documents/${id}`);
    const body = await text(alice.locator('.document-body'));
    expect(body).toContain('Goals: ship in May');
    expect(body).toContain('Budget: 10k');

    // The history compares what each saved.
    await click(alice, alice.getByRole('link', { name: 'History' }));
    await click(alice, alice.getByRole('link', { name: 'Changes in version 3' }));
    expect(await text(alice.getByRole('heading', { level: 1 }))).toBe(
      'Changes to Launch plan: version 2 → 3',
    );
    const changes = alice.locator('.diff-changed');
    expect(await text(changes.locator('ins'))).toBe('Budget: 10k');
    expect(await text(alice.locator('.compare-sides'))).toContain('Version 3, saved by Bob Brown');
    await expectAccessible(alice, 'team-02-compare');
    await alice.getByLabel('Compare').selectOption('1');
    await click(alice, alice.getByRole('button', { name: 'Compare', exact: true }));
    expect(new URL(alice.url()).search).toBe('?from=1&to=3');
    expect(await alice.locator('.diff-changed del').allTextContents()).toEqual(['Goals']);

    // Files: alice uploads an image, bob sees it inline in the text.
    await alice.goto(`${app.url}/documents/${id}`);
    await click(alice, alice.getByRole('link', { name: '0 files' }));
    await expectAccessible(alice, 'team-03-files-empty');
    await alice
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: PNG });
    await click(alice, alice.getByRole('button', { name: 'Upload' }));
    expect(await text(alice.getByRole('status'))).toContain('File uploaded.');
    const markdown = await text(alice.locator('.files code'));
    expect(markdown).toBe('![chart.png](files/chart.png)');
    await expectAccessible(alice, 'team-04-files');
    await alice.getByLabel('File', { exact: true }).setInputFiles({
      name: 'evil.svg',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg onload="alert(1)"/>'),
    });
    await click(alice, alice.getByRole('button', { name: 'Upload' }));
    expect(await text(alice.getByRole('alert'))).toContain('SVG, HTML and other markup are not accepted');
    await expectAccessible(alice, 'team-05-files-error');
    await alice.context().request.put(`${app.url}/api/documents/${id}`, {
      headers,
      data: { content: `${body}\n${markdown}\n` },
    });
    await bob.goto(`${app.url}/documents/${id}`);
    const image = bob.getByRole('img', { name: 'chart.png' });
    await image.waitFor();
    // Loaded and decoded: the served bytes are the 1×1 PNG (tests run without the DOM types).
    const width = await image.evaluate((element) => {
      const img = element as unknown as { complete: boolean; naturalWidth: number };
      return img.complete ? img.naturalWidth : 0;
    });
    expect(width).toBe(1);

    // alice gives the document to bob: the form says what she loses; then she is refused.
    await alice.goto(`${app.url}/documents/${id}/shares`);
    await click(alice, alice.getByRole('link', { name: 'Give to someone else' }));
    await expectAccessible(alice, 'team-06-owner');
    await alice.getByLabel('New owner').fill('nobody@example.com');
    await click(alice, alice.getByRole('button', { name: 'Give it away' }));
    expect(await text(alice.getByRole('alert'))).toContain('User not found');
    await expectAccessible(alice, 'team-07-owner-error');
    await alice.getByLabel('New owner').fill('bob@example.com');
    await click(alice, alice.getByRole('button', { name: 'Give it away' }));
    expect(await text(alice.getByRole('status'))).toContain('Document given to its new owner.');
    expect((await alice.goto(`${app.url}/documents/${id}`))?.status()).toBe(403);
    await bob.goto(`${app.url}/documents/${id}`);
    expect(await text(bob.locator('.access'))).toContain('You own this document.');

    expect((await session.visits.scanAll('team')).length).toBeGreaterThan(5);
  }, 180_000);
});
