/**
 * Three application replicas on one PostgreSQL, each with the embedded engine over the shared
 * directory in PostgreSQL and a 60 s decision cache, behind a round-robin proxy on loopback. Shares
 * are granted and revoked on one replica and read on another, under background writes through
 * the proxy: no wrong allow, a revocation holds on every replica within 1 s (cross-replica cache
 * invalidation by LISTEN/NOTIFY), the relays deliver every change exactly as the data says
 * (one at a time, by advisory lock), and stopping one replica mid-run loses no acknowledged write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database, migrate } from '../app/db/index.ts';
import {
  type AuthorizationBackend,
  type RunningApplication,
  startApplication,
  startEmbeddedAuthorization,
} from '../app/server/index.ts';
import type { ApiResponse } from './support/api-client.ts';
import { startTestStack, type TestStack } from './support/dev-stack.ts';
import { type RoundRobinProxy, startRoundRobinProxy } from './support/round-robin-proxy.ts';
import { type SignedInClient, signIn } from './support/sign-in.ts';

const REPLICAS = 3;
const ROUNDS = 12;
/** The longest a revocation may take to hold on another replica. */
const CROSS_REPLICA_MS = 1_000;

interface Replica {
  readonly sql: Database;
  readonly backend: AuthorizationBackend;
  readonly running: RunningApplication;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A JSON call by `client` to `base` (a replica, or the proxy). */
async function call(
  client: SignedInClient,
  base: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiResponse> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  const res = await client.browser.request(new URL(path, base), init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text };
}

describe('three replicas behind a round-robin proxy', () => {
  let stack: TestStack;
  const replicas: Replica[] = [];
  let proxy: RoundRobinProxy;
  let alice: SignedInClient;
  let bob: SignedInClient;
  const quiet = { warn: () => {}, error: () => {} };

  beforeAll(async () => {
    stack = await startTestStack({ DECISION_CACHE_TTL_SECONDS: '60' });
    const setup = await connectDatabase(stack.services.databaseUrl, { max: 1 });
    await migrate(setup);
    await setup.end();
    for (let i = 0; i < REPLICAS; i++) {
      const sql = await connectDatabase(stack.services.databaseUrl);
      const backend = await startEmbeddedAuthorization({
        sql,
        allowUnknownLocation: stack.settings.authorization.allowUnknownLocation,
      });
      const running = await startApplication({
        settings: { ...stack.settings, port: 0 },
        services: stack.services,
        sql,
        authorization: backend,
        logger: quiet,
        relayTimers: {
          setTimeout: (run, ms) => setTimeout(run, ms).unref(),
          clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
        },
      });
      replicas.push({ sql, backend, running });
    }
    proxy = await startRoundRobinProxy(
      stack.appPort,
      replicas.map((r) => r.running.url),
    );
    alice = await signIn(stack.appBaseUrl, { username: 'alice', password: stack.password });
    bob = await signIn(stack.appBaseUrl, { username: 'bob', password: stack.password });
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    for (const replica of replicas) {
      await replica.running.stop().catch(() => {});
      await replica.backend.close().catch(() => {});
      await replica.sql.end({ timeout: 1 }).catch(() => {});
    }
    await stack?.stop();
  });

  it('never allows wrongly, revokes across replicas within 1 s, and loses nothing when one stops', async () => {
    const alive = () => replicas.slice(0, stopped ? REPLICAS - 1 : REPLICAS).map((r) => r.running.url);
    let stopped = false;
    let wrongAllows = 0;
    const latencies: number[] = [];
    const acknowledged: number[] = [];
    let background = true;

    // Background writes through the proxy: documents created and shared, acknowledged or not.
    const writer = async () => {
      while (background) {
        const res = await call(alice, proxy.url, 'POST', '/api/documents', { name: 'bg' }).catch(
          () => undefined,
        );
        if (res?.status === 201) {
          acknowledged.push(res.body.id);
          await call(alice, proxy.url, 'POST', '/api/shares', {
            document_id: res.body.id,
            email: 'bob@example.com',
            permission: 'read',
          }).catch(() => undefined);
        }
      }
    };
    const writers = [writer(), writer()];

    for (let round = 0; round < ROUNDS; round++) {
      if (round === ROUNDS / 4) {
        // One replica goes away mid-run; the proxy sends its share of requests to the others.
        stopped = true;
        await replicas[REPLICAS - 1]!.running.stop();
      }
      if (round === ROUNDS / 2) {
        // The rest runs without background writes, whose commits clear every cache they pass:
        // then only the delivery notices can clear the other replica's cached allow.
        background = false;
        await Promise.all(writers);
      }
      const urls = alive();
      const a = urls[round % urls.length]!;
      const b = urls[(round + 1) % urls.length]!;
      const created = await call(alice, a, 'POST', '/api/documents', { name: `round ${round}` });
      expect(created.status).toBe(201);
      const id = created.body.id as number;
      if ((await call(bob, b, 'GET', `/api/documents/${id}`)).status === 200) wrongAllows++;
      expect(
        (
          await call(alice, a, 'POST', '/api/shares', {
            document_id: id,
            email: 'bob@example.com',
            permission: 'read',
          })
        ).status,
      ).toBe(201);
      // Granted on a: readable on b once b's copy of the directory has it; read twice to cache it.
      const granted = performance.now();
      while ((await call(bob, b, 'GET', `/api/documents/${id}`)).status !== 200) {
        expect(performance.now() - granted).toBeLessThan(CROSS_REPLICA_MS);
        await pause(10);
      }
      expect((await call(bob, b, 'GET', `/api/documents/${id}`)).status).toBe(200);

      expect((await call(alice, a, 'DELETE', `/api/shares/${id}/bob@example.com`)).status).toBe(204);
      const revoked = performance.now();
      // On the replica that revoked: at once.
      if ((await call(bob, a, 'GET', `/api/documents/${id}`)).status === 200) wrongAllows++;
      // On another replica, with its cached allow: within the bound, and never again after.
      while ((await call(bob, b, 'GET', `/api/documents/${id}`)).status === 200) {
        if (performance.now() - revoked > CROSS_REPLICA_MS) wrongAllows++;
        await pause(10);
      }
      latencies.push(performance.now() - revoked);
      for (const url of urls) {
        if ((await call(bob, url, 'GET', `/api/documents/${id}`)).status === 200) wrongAllows++;
      }
    }
    const sorted = [...latencies].sort((x, y) => x - y);
    console.log(
      `replicas: cross-replica revocation latency p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms over ${sorted.length} revocations; ${acknowledged.length} background documents`,
    );
    expect(wrongAllows).toBe(0);
    expect(sorted.at(-1)!).toBeLessThan(CROSS_REPLICA_MS);

    // Nothing acknowledged is lost, and the directory holds exactly what the data implies.
    const sql = replicas[0]!.sql;
    const stored = await sql<{ id: number }[]>`SELECT id FROM documents WHERE id = ANY(${acknowledged})`;
    expect(stored.length).toBe(acknowledged.length);
    const settled = performance.now();
    while (
      (await replicas[0]!.running.documentApp.relay.flush()) &&
      (await sql`SELECT 1 FROM directory_outbox WHERE delivered_at IS NULL`).length > 0
    ) {
      expect(performance.now() - settled).toBeLessThan(5_000);
      await pause(50);
    }
    const implied = await sql<{ r: string }[]>`
      SELECT 'document:' || id || '#owner@user:' || owner_id AS r FROM documents
      UNION ALL SELECT 'document:' || document_id || '#reader@user:' || user_id FROM shares WHERE permission = 'read'`;
    const directory = replicas[0]!.backend.directory;
    await replicas[0]!.backend.catchUpDirectory?.();
    const held = (await directory.getRelations({ objectType: 'document' }))
      .filter((r) => r.relation === 'owner' || r.relation === 'reader')
      .map((r) => `document:${r.objectId}#${r.relation}@${r.subjectType}:${r.subjectId}`);
    expect(held.sort()).toEqual(implied.map((row) => row.r).sort());
  }, 120_000);
});
