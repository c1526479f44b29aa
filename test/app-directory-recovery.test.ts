/**
 * The directory unreachable while shares are granted and revoked, with the relay running on real
 * timers (as in production): every change is accepted with 202 and `pending: true`, the page says
 * so, and once the directory answers again the relay's probe delivers everything — the revoked
 * shares stop granting within 5 s of the recovery, not after a backoff ceiling.
 */

import type { RelationDirectory } from '@gatehousejs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, apiClient } from './support/api-client.ts';
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

  beforeAll(async () => {
    app = await startTestApp({
      env: { DECISION_CACHE_TTL_SECONDS: '60' },
      directory: (d) => switchable(d, down),
      relayTimers: {
        setTimeout: (run, ms) => setTimeout(run, ms).unref(),
        clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
      },
    });
    alice = apiClient(await app.signIn('alice'));
    bob = apiClient(await app.signIn('bob'));
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
});
