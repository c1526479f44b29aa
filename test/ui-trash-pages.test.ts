/**
 * The trash's pages over HTTP against the real stack (no browser): only the owner restores or
 * deletes for good, others get refusal pages; deleting for good asks first, on a confirmation page
 * whose form keeps the stale-token and ended-session rules of every form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from './support/browser.ts';
import { pageRequests } from './support/page-requests.ts';
import type { SignedInClient } from './support/sign-in.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe('the trash pages over HTTP', () => {
  let app: TestApp;
  let alice: SignedInClient;
  let bob: SignedInClient;
  let charlie: SignedInClient;
  let anonymous: Browser;
  const { get, tokenOf, post, createDocument } = pageRequests(() => app);

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

  it('lets only the owner restore from the trash or delete for good; others get a refusal page', async () => {
    const id = await createDocument(alice, { name: 'Trashed notes' });
    expect((await post(alice, `/documents/${id}/delete`, {})).location).toBe('/?done=deleted');
    const trash = await get(alice, '/trash');
    expect(trash.status).toBe(200);
    expect(trash.html).toContain('Trashed notes');
    expect(trash.html).toContain(`action="/trash/${id}/restore"`);
    expect((await get(bob, '/trash')).html).not.toContain('Trashed notes');
    expect((await get(anonymous, '/trash')).status).toBe(401);
    expect((await get(alice, '/trash?after=x')).status).toBe(400);

    const refused = await post(bob, `/trash/${id}/restore`, {});
    expect(refused.status).toBe(403);
    expect(refused.html).not.toContain('Trashed notes');
    expect((await post(bob, `/trash/${id}/delete`, {})).status).toBe(403);
    expect((await post(alice, `/trash/${id}/restore`, {})).location).toBe(
      `/documents/${id}?done=trash-restored`,
    );
    expect((await get(alice, `/documents/${id}`)).status).toBe(200);
    expect((await post(alice, `/trash/${id}/restore`, {})).status).toBe(404);

    await post(alice, `/documents/${id}/delete`, {});
    expect((await post(alice, `/trash/${id}/delete`, {})).location).toBe('/trash?done=trash-purged');
    expect((await app.sql`SELECT 1 FROM documents WHERE id = ${id}`).length).toBe(0);
  });

  it('asks before deleting for good from the trash: only the owner sees the confirmation, which posts the deletion', async () => {
    const id = await createDocument(alice, { name: 'Draft <b>v1</b>' });
    const confirmation = `/trash/${id}/delete`;
    // Not in the trash yet: there is nothing to delete for good.
    expect((await get(alice, confirmation)).status).toBe(404);
    await post(alice, `/documents/${id}/delete`, {});
    const trash = await get(alice, '/trash');
    expect(trash.html).toContain(`href="${confirmation}"`);
    expect(trash.html).not.toContain(`action="${confirmation}"`);

    const confirm = await get(alice, confirmation);
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain('<h1>Delete Draft &lt;b&gt;v1&lt;/b&gt; forever?</h1>');
    expect(confirm.html).toContain('This cannot be undone');
    expect(confirm.html).toMatch(
      new RegExp(
        `<form method="post" action="${confirmation}"[^>]*><input type="hidden" name="_csrf" value="[^"]+"`,
      ),
    );
    expect(confirm.html).toContain('<a class="button secondary" href="/trash">Cancel</a>');

    const refused = await get(bob, confirmation);
    expect(refused.status).toBe(403);
    expect(refused.html).not.toContain('Draft');
    expect((await get(charlie, confirmation)).status).toBe(403);
    expect((await get(anonymous, confirmation)).status).toBe(401);
    expect((await get(alice, '/trash/2000000000/delete')).status).toBe(404);
    expect((await get(alice, '/trash/0/delete')).status).toBe(404);

    // The confirmation's form with a stale token (alice signed in again since) is refused, nothing
    // deleted; without a session the sign-in prompt returns to the confirmation.
    const staleToken = await tokenOf(alice, confirmation);
    const again = await app.signIn('alice');
    const stale = await post(again, confirmation, {}, { token: staleToken });
    expect(stale.status).toBe(403);
    expect(stale.html).toContain('The form was not accepted');
    const ended = await fetch(new URL(confirmation, app.url), {
      method: 'POST',
      headers: { origin: app.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: `_csrf=${staleToken}`,
    });
    expect(ended.status).toBe(401);
    expect(await ended.text()).toContain(`href="/login?return_to=${encodeURIComponent(confirmation)}"`);
    expect((await app.repos.trash.get(id, new Date(0)))?.name).toBe('Draft <b>v1</b>');

    const token = /name="_csrf" value="([^"]*)"/.exec((await get(again, confirmation)).html)?.[1] ?? null;
    expect((await post(again, confirmation, {}, { token })).location).toBe('/trash?done=trash-purged');
    expect((await app.sql`SELECT 1 FROM documents WHERE id = ${id}`).length).toBe(0);
    expect((await get(again, confirmation)).status).toBe(404);
  });
});
