/**
 * The directory unreachable while shares are granted and revoked, with the relay running on real
 * timers (as in production): every change is accepted with 202 and `pending: true`, the page says
 * so, and once the directory answers again the relay's probe delivers everything — the revoked
 * shares stop granting within 5 s of the recovery, not after a backoff ceiling.
 */

import type { DirectoryWrite, RelationDirectory } from '@gatehousejs/core';
import { canApplyBatch } from '@gatehousejs/core/adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PENDING_NOTE } from '../app/ui/page-frame.ts';
import { type ApiCall, apiClient } from './support/api-client.ts';
import type { SignedInClient } from './support/sign-in.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const SHARES = 10;

/** A directory whose writes fail while `down.value` is true. */
function switchable(directory: RelationDirectory, down: { value: boolean }): RelationDirectory {
  const guarded =
    <A extends unknown[]>(write: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      if (down.value) throw new Error('directory unreachable (injected)');
      await write(...args);
    };
  return {
    ...directory,
    ...(canApplyBatch(directory)
      ? { applyBatch: guarded((writes: readonly DirectoryWrite[]) => directory.applyBatch(writes)) }
      : {}),
    setObject: guarded((o) => directory.setObject(o)),
    deleteObject: guarded((type: string, id: string) => directory.deleteObject(type, id)),
    setRelation: guarded((r) => directory.setRelation(r)),
    deleteRelation: guarded((r) => directory.deleteRelation(r)),
  };
}

describe('directory delivery after an outage', () => {
  const down = { value: false };
  let app: TestApp;
  let alice: ApiCall;
  let bob: ApiCall;
  let aliceClient: SignedInClient;
  let bobClient: SignedInClient;

  /** Posts the page's form whose action is `action` (its hidden fields), as the browser would. */
  async function postForm(client: SignedInClient, page: string, action: string): Promise<Response> {
    const html = await (await client.fetch(page)).text();
    const form = new RegExp(`<form\\b[^>]*action="${action}"[^>]*>([\\s\\S]*?)</form>`).exec(html);
    if (!form) throw new Error(`no form posting to ${action} on ${page}`);
    const fields = new URLSearchParams();
    for (const [, name, value] of form[1]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
      fields.append(name!, value!.replaceAll('&amp;', '&'));
    }
    return client.fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    });
  }

  beforeAll(async () => {
    app = await startTestApp({
      env: { DECISION_CACHE_TTL_SECONDS: '60' },
      directory: (d) => switchable(d, down),
      relayTimers: {
        setTimeout: (run, ms) => setTimeout(run, ms).unref(),
        clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
      },
    });
    aliceClient = await app.signIn('alice');
    bobClient = await app.signIn('bob');
    alice = apiClient(aliceClient);
    bob = apiClient(bobClient);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('answers 202 pending during the outage and enforces revocations within 5 s of recovery', async () => {
    const ids: number[] = [];
    for (let i = 0; i < SHARES; i++) {
      const doc = (await alice('POST', '/api/documents', { name: `Shared ${i}` })).body;
      const share = { document_id: doc.id, email: 'bob@example.com', permission: 'read' };
      expect((await alice('POST', '/api/shares', share)).status).toBe(201);
      expect((await bob('GET', `/api/documents/${doc.id}`)).status).toBe(200);
      ids.push(doc.id);
    }

    down.value = true;
    for (const id of ids) {
      expect(await alice('DELETE', `/api/shares/${id}/bob@example.com`)).toMatchObject({
        status: 202,
        body: { pending: true },
      });
    }
    const regranted = await alice('POST', '/api/shares', {
      document_id: ids[0],
      email: 'bob@example.com',
      permission: 'write',
    });
    expect(regranted).toMatchObject({ status: 202, body: { pending: true, permission: 'write' } });
    expect((await alice('DELETE', `/api/shares/${ids[0]}/bob@example.com`)).status).toBe(202);
    const page = await alice('GET', `/documents/${ids[0]}/shares?done=share-revoked-pending`);
    expect(page.text).toContain(
      'pending: the user keeps access until the authorization directory is reachable',
    );
    // The window the design accepts while the directory cannot be told.
    expect((await bob('GET', `/api/documents/${ids[1]}`)).status).toBe(200);

    // Long enough for an exponential backoff to have grown past 5 s, had there been one.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    down.value = false;
    const recovered = performance.now();
    const revoked = new Set<number>();
    while (revoked.size < ids.length) {
      for (const id of ids) {
        if (!revoked.has(id) && (await bob('GET', `/api/documents/${id}`)).status === 403) revoked.add(id);
      }
      expect(performance.now() - recovered, 'revocations effective after recovery').toBeLessThan(5_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    console.log(
      `directory recovery: ${ids.length} revocations effective ${Math.round(performance.now() - recovered)} ms after the directory answered again`,
    );
    expect(await app.repos.directoryOutbox.countPending()).toBe(0);
  }, 60_000);

  it('says 202 pending for every permission-changing write during the outage, in the API and on the page', async () => {
    const doc = async (name: string) => (await alice('POST', '/api/documents', { name })).body.id as number;
    const [moved, published, deleted, left, byForm] = [
      await doc('Moved'),
      await doc('Published'),
      await doc('Deleted'),
      await doc('Left'),
      await doc('Deleted by form'),
    ];
    const folder = (await alice('POST', '/api/folders', { name: 'Target' })).body.id as number;
    const sub = (await alice('POST', '/api/folders', { name: 'Sub' })).body.id as number;
    const share = { document_id: left, email: 'bob@example.com', permission: 'read' };
    expect((await alice('POST', '/api/shares', share)).status).toBe(201);

    down.value = true;
    try {
      // Content only: nothing for the directory, effective at once.
      expect((await alice('PUT', `/api/documents/${moved}`, { content: 'text' })).status).toBe(200);
      const pendingJson = { status: 202, body: { pending: true } };
      expect(await alice('POST', '/api/documents', { name: 'New' })).toMatchObject({
        ...pendingJson,
        body: { pending: true, name: 'New', id: expect.any(Number) },
      });
      expect(await alice('PUT', `/api/documents/${moved}`, { folder_id: folder })).toMatchObject({
        status: 202,
        body: { pending: true, folder_id: folder },
      });
      expect(await alice('PUT', `/api/documents/${published}`, { is_public: true })).toMatchObject({
        status: 202,
        body: { pending: true, is_public: true },
      });
      // Into the trash: no relation changes, so in effect at once; deleted for good: pending.
      expect((await alice('DELETE', `/api/documents/${deleted}`)).status).toBe(204);
      expect(await alice('DELETE', `/api/trash/${deleted}`)).toMatchObject({
        status: 202,
        body: { pending: true, detail: expect.stringContaining('directory is unreachable') },
      });
      expect(await alice('POST', '/api/folders', { name: 'New folder' })).toMatchObject(pendingJson);
      expect(await alice('PUT', `/api/folders/${sub}`, { parent_folder_id: folder })).toMatchObject({
        status: 202,
        body: { pending: true, parent_folder_id: folder },
      });
      expect(await alice('PUT', `/api/folders/${sub}`, { name: 'Renamed' })).toMatchObject({ status: 200 });
      expect(await alice('DELETE', `/api/folders/${sub}`)).toMatchObject(pendingJson);

      // Forms: the redirect carries the marker and the page says it beside the notice.
      const trashedByForm = await postForm(
        aliceClient,
        `/documents/${byForm}/delete`,
        `/documents/${byForm}/delete`,
      );
      expect(trashedByForm.headers.get('location')).toBe('/?done=deleted');
      const purgedByForm = await postForm(aliceClient, `/trash/${byForm}/delete`, `/trash/${byForm}/delete`);
      expect(purgedByForm.status).toBe(303);
      expect(purgedByForm.headers.get('location')).toBe('/trash?done=trash-purged&pending=1');
      const trashPage = await (await aliceClient.fetch('/trash?done=trash-purged&pending=1')).text();
      expect(trashPage).toContain(`Document deleted for good. ${PENDING_NOTE}`);
      const leaving = await postForm(bobClient, `/documents/${left}`, `/documents/${left}/leave`);
      expect(leaving.headers.get('location')).toBe('/?done=share-left&pending=1');
    } finally {
      down.value = false;
    }
    // Once the directory answers, everything is delivered and decisions follow the data.
    const recovered = performance.now();
    while ((await app.repos.directoryOutbox.countPending()) > 0) {
      expect(performance.now() - recovered).toBeLessThan(5_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await bob('GET', `/api/documents/${published}`)).status).toBe(200);
    expect((await bob('GET', `/api/documents/${left}`)).status).toBe(403);
    expect((await alice('PUT', `/api/documents/${published}`, { is_public: false })).status).toBe(200);
  }, 60_000);
});
