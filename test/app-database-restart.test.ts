/**
 * PostgreSQL killed (immediate shutdown) and started again three times while clients create,
 * edit, share and revoke: the application never ends (the driver's closed-connection bug would end
 * it — see directory/postgres-driver/closed-connection-fix.mjs), never hangs a request, answers 503 while the database is
 * away (never a 500), serves again within seconds of each restart, delivers every pending directory
 * change, and loses no acknowledged write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, type ApiResponse, apiClient } from './support/api-client.ts';
import { type RestartablePostgres, startRestartablePostgres } from './support/restartable-postgres.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const RESTARTS = 3;
const CLIENTS = 6;
/** A request unanswered for this long counts as hung. */
const HANG_MS = 15_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgreSQL restarted under load', () => {
  let pg: RestartablePostgres;
  let app: TestApp;
  let alice: ApiCall;
  let bob: ApiCall;

  beforeAll(async () => {
    pg = await startRestartablePostgres();
    const url = await pg.database('gatehouse');
    app = await startTestApp({
      env: { DATABASE_URL: url, SESSION_SECRET: 'restart-test-secret-'.padEnd(48, 'x') },
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
    await pg?.stop();
  });

  it('answers 503 while it is down, serves within seconds after, and keeps every acknowledged write', async () => {
    const statuses = new Map<number, number>();
    const hung: string[] = [];
    /** Document id → the content of its last acknowledged update. */
    const acknowledged = new Map<number, string>();
    /** Document id → whether bob's share is acknowledged as granted (true) or revoked (false). */
    const shared = new Map<number, boolean>();
    let running = true;

    const call = async (caller: ApiCall, method: string, path: string, body?: unknown) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<ApiResponse>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${method} ${path} hung`)), HANG_MS);
      });
      try {
        const res = await Promise.race([caller(method, path, body), timeout]);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        return res;
      } catch (error) {
        hung.push(String(error));
        return undefined;
      } finally {
        clearTimeout(timer);
      }
    };

    const client = async (n: number) => {
      for (let round = 0; running; round++) {
        const created = await call(alice, 'POST', '/api/documents', {
          name: `c${n}-${round}`,
          content: 'v0',
        });
        // 202: created, its owner relation not yet in the directory (pending).
        if (created?.status !== 201 && created?.status !== 202) {
          await pause(50);
          continue;
        }
        const id = created.body.id as number;
        acknowledged.set(id, 'v0');
        const updated = await call(alice, 'PUT', `/api/documents/${id}`, { content: 'v1' });
        if (updated?.status === 200) acknowledged.set(id, 'v1');
        const granted = await call(alice, 'POST', '/api/shares', {
          document_id: id,
          email: 'bob@example.com',
          permission: 'read',
        });
        if (granted?.status === 201 || granted?.status === 202) shared.set(id, true);
        // A 503 after the commit was sent leaves the outcome unknown (the answer was lost, maybe
        // not the write): such a document is left out of the share check.
        if (granted?.status === 503) shared.delete(id);
        if (round % 2 === 0 && shared.get(id)) {
          const revoked = await call(alice, 'DELETE', `/api/shares/${id}/bob@example.com`);
          if (revoked?.status === 204 || revoked?.status === 202) shared.set(id, false);
          else shared.delete(id);
        }
        await call(bob, 'GET', `/api/documents/${id}`);
      }
    };

    const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
    const recoveries: number[] = [];
    for (let restart = 0; restart < RESTARTS; restart++) {
      await pause(2_500);
      await pg.kill();
      await pause(1_000);
      const down = await call(alice, 'GET', '/api/documents');
      expect(down?.status, 'while PostgreSQL is down').toBe(503);
      await pg.start();
      const back = performance.now();
      for (;;) {
        const res = await call(alice, 'GET', '/api/documents?limit=1');
        if (res?.status === 200) break;
        expect(performance.now() - back, 'service back after the restart').toBeLessThan(10_000);
        await pause(50);
      }
      recoveries.push(Math.round(performance.now() - back));
    }
    await pause(1_000);
    running = false;
    await Promise.all(clients);
    console.log(
      `restart test: statuses ${JSON.stringify(Object.fromEntries(statuses))}, first 200 after each restart in ${recoveries.join(', ')} ms`,
    );

    expect(hung).toEqual([]);
    expect([...statuses.keys()].filter((s) => s >= 500 && s !== 503)).toEqual([]);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(acknowledged.size).toBeGreaterThan(CLIENTS * RESTARTS);

    // Every acknowledged write is in the database, as last acknowledged.
    const rows = await app.sql<{ id: number; content: string }[]>`
      SELECT id, content FROM documents WHERE id = ANY(${[...acknowledged.keys()]})`;
    const stored = new Map(rows.map((r) => [r.id, r.content]));
    for (const [id, content] of acknowledged) {
      // An update answered 503 may still have committed (the answer was lost, not the write).
      expect(stored.get(id), `document ${id}`).toBeDefined();
      if (content === 'v1') expect(stored.get(id), `document ${id}`).toBe('v1');
    }
    const shareRows = await app.sql<{ document_id: number }[]>`
      SELECT document_id FROM shares WHERE document_id = ANY(${[...shared.keys()]})`;
    const withShare = new Set(shareRows.map((r) => r.document_id));
    for (const [id, granted] of shared) expect(withShare.has(id), `share of document ${id}`).toBe(granted);

    // The directory catches up: nothing stays pending, and it agrees with the shares.
    const settled = performance.now();
    for (;;) {
      const health = await call(alice, 'GET', '/health');
      if (health?.status === 200 && health.body.directory_outbox.pending === 0) break;
      expect(performance.now() - settled, 'outbox delivered after the restarts').toBeLessThan(10_000);
      await pause(100);
    }
    for (const [id, granted] of shared) {
      const read = await call(bob, 'GET', `/api/documents/${id}`);
      expect(read?.status, `bob reading document ${id}`).toBe(granted ? 200 : 403);
    }
  }, 90_000);
});
