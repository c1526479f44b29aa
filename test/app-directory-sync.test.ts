/**
 * No change is lost between the database and the directory: with the directory failing between
 * the commit and the delivery, the API still commits, the outbox keeps the change, unrelated
 * changes go through, and the state converges once the directory is back; after a crash-style
 * stop, a new process delivers what was left (and replaying delivered changes is harmless).
 */

import type { Relation, RelationDirectory } from '@gatehousejs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../app/db/index.ts';
import { documentCreated, objectsTouched, shareGranted } from '../app/directory-sync/index.ts';
import { type ApiCall, apiClient } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** A directory whose writes fail for the objects in `failing` (`document:7`), or all when `'*'`. */
function flaky(directory: RelationDirectory, failing: Set<string>): RelationDirectory {
  const guard = (keys: string[]) => {
    if (failing.has('*') || keys.some((k) => failing.has(k)))
      throw new Error('directory unavailable (injected)');
  };
  const relationKeys = (r: Relation) => objectsTouched({ op: 'setRelation', relation: r });
  return {
    async setObject(o) {
      guard([`${o.type}:${o.id}`]);
      await directory.setObject(o);
    },
    async deleteObject(type, id) {
      guard([`${type}:${id}`]);
      await directory.deleteObject(type, id);
    },
    async setRelation(r) {
      guard(relationKeys(r));
      await directory.setRelation(r);
    },
    async deleteRelation(r) {
      guard(relationKeys(r));
      await directory.deleteRelation(r);
    },
    getRelations: (filter) => directory.getRelations(filter),
    check: (check) => directory.check(check),
  };
}

describe('directory sync through the outbox', () => {
  const failing = new Set<string>();
  let app: TestApp;
  let alice: ApiCall;
  let bob: ApiCall;
  let aliceSub: string;
  let bobSub: string;

  /** The document relations the data implies: owners, shares, public readers. */
  async function impliedRelations(): Promise<string[]> {
    const rows = await app.sql<{ r: string }[]>`
      SELECT 'document:' || id || '#owner@user:' || owner_id AS r FROM documents
      UNION ALL SELECT 'document:' || id || '#reader@user:*' FROM documents WHERE is_public
      UNION ALL SELECT 'document:' || document_id || '#' || CASE permission WHEN 'write' THEN 'writer' ELSE 'reader' END
        || '@user:' || user_id FROM shares`;
    return rows.map((row) => row.r).sort();
  }
  async function directoryRelations(): Promise<string[]> {
    const relations = await app.authorization.directory.getRelations({ objectType: 'document' });
    return relations
      .filter((r) => r.relation !== 'parent')
      .map((r) => `document:${r.objectId}#${r.relation}@${r.subjectType}:${r.subjectId}`)
      .sort();
  }

  beforeAll(async () => {
    app = await startTestApp({
      env: { DECISION_CACHE_TTL_SECONDS: '60' },
      directory: (d) => flaky(d, failing),
    });
    expect(app.running.documentApp.authz.decisionCache).toBeDefined();
    alice = apiClient(await app.signIn('alice'));
    bob = apiClient(await app.signIn('bob'));
    aliceSub = app.stack.users.find((u) => u.username === 'alice')!.sub;
    bobSub = app.stack.users.find((u) => u.username === 'bob')!.sub;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('commits while the directory fails, holds only the failing object back, and converges', async () => {
    const doc = (await alice('POST', '/api/documents', { name: 'Plan' })).body;
    failing.add(`document:${doc.id}`);

    const share = await alice('POST', '/api/shares', {
      document_id: doc.id,
      email: 'bob@example.com',
      permission: 'read',
    });
    // Accepted, not yet effective: the API says so.
    expect(share).toMatchObject({ status: 202, body: { document_id: doc.id, pending: true } });
    expect(await app.repos.shares.get(doc.id, bobSub)).toMatchObject({ permission: 'read' });
    expect((await bob('GET', `/api/documents/${doc.id}`)).status).toBe(403);
    const [pending] = await app.repos.directoryOutbox.listPending();
    expect(pending).toMatchObject({ attempts: 1, lastError: expect.stringMatching(/injected/) });
    expect([pending?.change]).toEqual(
      shareGranted({ documentId: doc.id, userId: bobSub, permission: 'read' }),
    );

    // Unrelated changes are delivered meanwhile.
    const other = (await alice('POST', '/api/documents', { name: 'Other', is_public: true })).body;
    expect((await bob('GET', `/api/documents/${other.id}`)).status).toBe(200);
    expect(app.running.documentApp.relay.status().consecutiveFailures).toBeGreaterThan(0);

    // A later change to the same document waits behind the failed one, keeping the order.
    expect(await alice('PUT', `/api/documents/${doc.id}`, { is_public: true })).toMatchObject({
      status: 202,
      body: { is_public: true, pending: true },
    });
    expect(await app.repos.directoryOutbox.countPending()).toBe(2);
    expect(await directoryRelations()).not.toEqual(await impliedRelations());

    failing.clear();
    const pass = await app.running.documentApp.relay.flush(); // what the sweep does
    expect(pass).toMatchObject({ delivered: 2, failed: 0, held: 0 });
    expect((await bob('GET', `/api/documents/${doc.id}`)).status).toBe(200);
    expect(await app.repos.directoryOutbox.countPending()).toBe(0);
    expect(await directoryRelations()).toEqual(await impliedRelations());
    expect(app.running.documentApp.relay.status().consecutiveFailures).toBe(0);
  });

  it('keeps a revoked share readable only until the directory hears of it', async () => {
    const doc = (await alice('POST', '/api/documents', { name: 'Secret' })).body;
    await alice('POST', '/api/shares', {
      document_id: doc.id,
      email: 'bob@example.com',
      permission: 'write',
    });
    expect((await bob('GET', `/api/documents/${doc.id}`)).status).toBe(200);
    failing.add('*');
    expect(await alice('DELETE', `/api/shares/${doc.id}/bob@example.com`)).toMatchObject({
      status: 202,
      body: { pending: true, detail: expect.stringContaining('takes effect once') },
    });
    expect(await app.repos.shares.get(doc.id, bobSub)).toBeUndefined();
    // The window this design accepts: until the directory hears of the revocation, it still grants.
    expect((await bob('GET', `/api/documents/${doc.id}`)).status).toBe(200);
    failing.clear();
    await app.running.documentApp.relay.flush();
    expect((await bob('GET', `/api/documents/${doc.id}`)).status).toBe(403);
    expect(await directoryRelations()).toEqual(await impliedRelations());
  });

  it('delivers at start-up what a crashed process committed but never delivered', async () => {
    await app.running.stop();
    // What a process leaves when it dies right after the commit: data and outbox rows, no delivery.
    const doc = await withTransaction(app.sql, async (tx) => {
      const created = await tx.documents.create({ name: 'Left behind', ownerId: aliceSub });
      const shared = await tx.shares.create({ documentId: created.id, userId: bobSub, permission: 'read' });
      await tx.directoryOutbox.enqueue([...documentCreated(created), ...shareGranted(shared)]);
      return created;
    });
    expect(await app.repos.directoryOutbox.countPending()).toBe(3);
    expect(await directoryRelations()).not.toEqual(await impliedRelations());

    const restarted = await app.restart({ directory: (d) => flaky(d, failing) });
    expect(restarted.startupDelivery).toMatchObject({ delivered: 3, failed: 0 });
    expect(await directoryRelations()).toEqual(await impliedRelations());
    bob = apiClient(await app.signIn('bob'));
    expect((await bob('GET', `/api/documents/${doc.id}`)).body).toMatchObject({ name: 'Left behind' });
  });

  it('replays changes delivered just before a crash without harm', async () => {
    const before = await directoryRelations();
    // A crash between the directory write and marking it delivered: everything is pending again.
    await app.sql`UPDATE directory_outbox SET delivered_at = NULL`;
    const pending = await app.repos.directoryOutbox.countPending();
    expect(pending).toBeGreaterThan(5);
    await app.running.stop();
    const restarted = await app.restart();
    expect(restarted.startupDelivery).toMatchObject({ delivered: pending, failed: 0 });
    expect(await directoryRelations()).toEqual(before);
    expect(await directoryRelations()).toEqual(await impliedRelations());
  });
});
