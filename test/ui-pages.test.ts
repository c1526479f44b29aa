/**
 * The pages over HTTP against the real stack (no browser): actions rendered from the permission
 * query for owner, write share, read share, anonymous and restricted users, public documents,
 * validation errors next to the field with the input kept (and escaped), versions and deletion.
 * (Headers, form tokens and sign-out: `ui-page-security.test.ts`.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from './support/browser.ts';
import { pageRequests } from './support/page-requests.ts';
import type { SignedInClient } from './support/sign-in.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe('the pages over HTTP', () => {
  let app: TestApp;
  let alice: SignedInClient;
  let bob: SignedInClient;
  let charlie: SignedInClient;
  let anonymous: Browser;

  const { get, tokenOf, post, createDocument } = pageRequests(() => app);

  const actionLinks = (html: string, id: number) =>
    ['edit', 'shares', 'delete'].filter((a) => html.includes(`href="/documents/${id}/${a}"`));

  beforeAll(async () => {
    app = await startTestApp();
    [alice, bob, charlie] = await Promise.all([
      app.signIn('alice'),
      app.signIn('bob'),
      app.signIn('charlie'),
    ]);
    anonymous = new Browser();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('offers each user the actions their permissions allow, and refuses the others however they are asked', async () => {
    const id = await createDocument(alice, { name: 'Budget', content: 'Numbers' });
    expect(actionLinks((await get(alice, `/documents/${id}`)).html, id)).toEqual([
      'edit',
      'shares',
      'delete',
    ]);
    expect(
      (await post(alice, `/documents/${id}/shares`, { email: 'bob@example.com', permission: 'read' })).status,
    ).toBe(303);

    const asReader = await get(bob, `/documents/${id}`);
    expect(asReader.status).toBe(200);
    expect(actionLinks(asReader.html, id)).toEqual([]);
    expect(asReader.html).toContain('You can read this document.');
    const edit = await get(bob, `/documents/${id}/edit`);
    expect(edit.status).toBe(403);
    expect(edit.html).toContain('You can read “Budget”, but you may not edit it.');
    expect(edit.html).toContain(`href="/documents/${id}">Back to “Budget”</a>`);
    expect(edit.html).toContain('webapp.GET.documents.__id.edit');
    expect(edit.html).toContain('can_read = true, can_write = false');
    expect((await get(bob, `/documents/${id}/shares`)).html).toContain('may not manage who has access to it');

    // Forged posts, with bob's own valid form token: refused by the route policies, nothing changes.
    const forged = [
      await post(bob, `/documents/${id}/edit`, { name: 'Taken', content: 'over' }),
      await post(bob, `/documents/${id}/delete`, {}),
      await post(bob, `/documents/${id}/shares`, { email: 'charlie@example.com', permission: 'write' }),
      await post(bob, `/documents/${id}/shares/change`, { email: 'bob@example.com', permission: 'write' }),
      await post(bob, `/documents/${id}/shares/revoke`, { email: 'bob@example.com' }),
    ];
    expect(forged.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect(await app.repos.documents.get(id)).toMatchObject({ name: 'Budget', content: 'Numbers' });
    expect((await app.repos.shares.listByDocument(id)).map((s) => s.permission)).toEqual(['read']);

    const upgraded = await post(alice, `/documents/${id}/shares/change`, {
      email: 'bob@example.com',
      permission: 'write',
    });
    expect(upgraded.location).toBe(`/documents/${id}/shares?done=share-changed`);
    expect(actionLinks((await get(bob, `/documents/${id}`)).html, id)).toEqual(['edit']);
    const form = await get(bob, `/documents/${id}/edit`);
    expect(form.status).toBe(200);
    expect(form.html).not.toContain('name="visibility"');
    // A writer may edit but not publish (a sharing decision): the service refuses, the page says why.
    const publish = await post(bob, `/documents/${id}/edit`, {
      name: 'Budget',
      content: 'x',
      visibility: 'public',
    });
    expect(publish.status).toBe(403);
    expect((await app.repos.documents.get(id))?.isPublic).toBe(false);
    const saved = await post(bob, `/documents/${id}/edit`, {
      name: 'Budget',
      content: 'Checked\r\nby Bob',
      revision: String((await app.repos.documents.get(id))?.revision),
    });
    expect(saved.location).toBe(`/documents/${id}?done=saved`);
    expect((await app.repos.documents.get(id))?.content).toBe('Checked\nby Bob');

    expect((await get(anonymous, `/documents/${id}`)).status).toBe(401);
    const restricted = await get(charlie, `/documents/${id}`);
    expect(restricted.status).toBe(403);
    expect(restricted.html).toContain('webapp.location.permitted = false');
    expect(restricted.html).not.toContain('Checked');

    expect((await post(alice, `/documents/${id}/shares/revoke`, { email: 'bob@example.com' })).status).toBe(
      303,
    );
    expect((await get(bob, `/documents/${id}`)).html).toContain(
      'This document has not been shared with you.',
    );
  });

  it('shows a public document to anyone without actions, and lists it on the public start page', async () => {
    const id = await createDocument(alice, {
      name: 'Handbook',
      content: 'For everyone',
      visibility: 'public',
    });
    const page = await get(anonymous, `/documents/${id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('For everyone');
    expect(actionLinks(page.html, id)).toEqual([]);
    expect(page.html).toContain(`href="/login?return_to=%2Fdocuments%2F${id}"`);
    const start = await get(anonymous, '/');
    expect(start.html).toContain(`href="/documents/${id}"`);
    expect(start.html).not.toContain('Budget');
    expect(actionLinks((await get(bob, `/documents/${id}`)).html, id)).toEqual([]);
  });

  it('shows the start page of each user with the creation links only where the policy allows them', async () => {
    const own = await get(alice, '/');
    expect(own.html).toContain('href="/documents/new"');
    expect(own.html).toContain('href="/folders/new"');
    const denied = await get(charlie, '/');
    expect(denied.html).not.toContain('href="/documents/new"');
    expect(denied.html).toContain('Gatehouse does not allow access to documents from the place');
    expect((await get(alice, '/?own_after=abc')).status).toBe(400);
    expect((await get(alice, '/?sort=size')).status).toBe(400);
  });

  it('shows refused input next to its field, keeps (and escapes) what was typed, and changes nothing', async () => {
    const typed = '<script>alert(1)</script>';
    const blank = await post(alice, '/documents/new', { name: '  ', content: typed, visibility: 'public' });
    expect(blank.status).toBe(400);
    expect(blank.html).toContain('<title>Error: New document – Gatehouse</title>');
    expect(blank.html).toMatch(/id="name-error"><span class="visually-hidden">Error: <\/span>Enter a name/);
    expect(blank.html).toMatch(
      /<input type="text" id="name" name="name" value=" {2}"[^>]*aria-invalid="true"/,
    );
    expect(blank.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;</textarea>');
    expect(blank.html).not.toContain(typed);
    expect(blank.html).toMatch(/value="public" checked/);

    const name = '<img src=x onerror=alert(1)>';
    const id = await createDocument(alice, { name });
    expect((await get(alice, `/documents/${id}`)).html).toContain(
      '<h1>&lt;img src=x onerror=alert(1)&gt;</h1>',
    );

    const shares = `/documents/${id}/shares`;
    const unknown = await post(alice, shares, { email: 'nobody@example.com', permission: 'read' });
    expect(unknown.status).toBe(303);
    expect(unknown.location).toBe(`${shares}?done=invited`);
    const invitedAgain = await post(alice, shares, { email: 'nobody@example.com', permission: 'write' });
    expect(invitedAgain.status).toBe(409);
    expect(invitedAgain.html).toContain('This address is already invited to the document');
    expect(invitedAgain.html).toContain('value="nobody@example.com"');
    expect((await post(alice, shares, { email: 'alice@example.com', permission: 'read' })).html).toContain(
      'A document cannot be shared with its owner',
    );
    expect((await post(alice, shares, { email: 'not-an-address', permission: 'read' })).status).toBe(400);
    expect((await post(alice, shares, { email: 'bob@example.com', permission: 'admin' })).status).toBe(400);
    expect((await post(alice, shares, { email: 'bob@example.com', permission: 'read' })).status).toBe(303);
    const twice = await post(alice, shares, { email: 'bob@example.com', permission: 'write' });
    expect(twice.status).toBe(409);
    expect(twice.html).toContain('The document is already shared with this user');
    expect((await app.repos.shares.listByDocument(id)).map((s) => s.permission)).toEqual(['read']);

    expect((await post(alice, '/folders/new', { name: '', parent_folder_id: '' })).status).toBe(400);
    expect((await post(bob, '/folders/new', { name: "Bob's", parent_folder_id: '' })).location).toBe(
      '/?done=folder-created',
    );
    const bobsFolder = (await app.repos.folders.list({ ownerId: app.stack.users[1]!.sub }))[0]!.id;
    const intoForeignFolder = await post(alice, '/documents/new', {
      name: 'Misplaced',
      folder_id: String(bobsFolder),
      visibility: 'private',
    });
    expect(intoForeignFolder.status).toBe(403);
    const nested = await post(alice, '/folders/new', { name: 'Sub', parent_folder_id: '2000000000' });
    expect(nested.status).toBe(404);
    expect(nested.html).toMatch(/id="parent_folder_id-error">.*Folder not found/);
  });

  it('keeps versions: the owner and a writer restore an old one, a reader only reads the history', async () => {
    const id = await createDocument(alice, { name: 'Plan', content: 'first' });
    await post(alice, `/documents/${id}/shares`, { email: 'bob@example.com', permission: 'write' });
    const saved = await post(
      bob,
      `/documents/${id}/edit`,
      { name: 'Plan', content: 'second', revision: '1' },
      { token: await tokenOf(bob) },
    );
    expect(saved.status).toBe(303);
    const history = await get(alice, `/documents/${id}/history`);
    expect(history.status).toBe(200);
    expect(history.html).toContain('Saved by Bob Brown');
    expect(history.html).toContain('Created by Alice Anderson');

    const restored = await post(
      bob,
      `/documents/${id}/versions/1/restore`,
      {},
      { token: await tokenOf(bob) },
    );
    expect(restored.location).toBe(`/documents/${id}?done=restored`);
    expect((await app.repos.documents.get(id))?.content).toBe('first');
    expect((await app.repos.documentVersions.list(id)).map((v) => [v.version, v.changedByName])).toEqual([
      [3, 'Bob Brown'],
      [2, 'Bob Brown'],
      [1, 'Alice Anderson'],
    ]);

    await post(alice, `/documents/${id}/shares/change`, { email: 'bob@example.com', permission: 'read' });
    expect((await get(bob, `/documents/${id}/versions/2`)).html).toContain('second');
    const refused = await post(bob, `/documents/${id}/versions/2/restore`, {}, { token: await tokenOf(bob) });
    expect(refused.status).toBe(403);
    expect((await app.repos.documents.get(id))?.content).toBe('first');
    expect((await get(alice, `/documents/${id}/versions/9`)).status).toBe(404);
    expect((await get(charlie, `/documents/${id}/history`)).status).toBe(403);
  });

  it('deletes through the confirmation page, and answers 404 afterwards', async () => {
    const id = await createDocument(alice, { name: 'Old notes' });
    const confirm = await get(alice, `/documents/${id}/delete`);
    expect(confirm.html).toContain('Delete Old notes?');
    expect((await get(bob, `/documents/${id}/delete`)).status).toBe(403);
    expect((await post(alice, `/documents/${id}/delete`, {})).location).toBe('/?done=deleted');
    expect((await get(alice, `/documents/${id}`)).status).toBe(404);
  });
});
