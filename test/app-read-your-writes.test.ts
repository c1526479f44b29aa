/**
 * Read-your-writes across replicas: two application replicas on one PostgreSQL, each with its own
 * copy of the embedded engine's directory and a 60 s decision cache, behind round-robin proxies on
 * loopback, so that every request of a sequence reaches the other replica than the one before.
 * "Create, then share" (the share lands on the replica that did not answer the create) and
 * "share, then the grantee reads" (the grantee's read lands on the replica that did not answer the
 * share), 500 times each: never refused. And a replica that cannot catch up within the bound
 * answers 503 with `Retry-After`, never a 403.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database, migrate } from '../app/db/index.ts';
import {
  type AuthorizationBackend,
  type RunningApplication,
  startApplication,
  startEmbeddedAuthorization,
} from '../app/server/index.ts';
import { apiClient } from './support/api-client.ts';
import { startTestStack, type TestStack } from './support/dev-stack.ts';
import { freePort } from './support/free-port.ts';
import { type RoundRobinProxy, startRoundRobinProxy } from './support/round-robin-proxy.ts';
import { type SignedInClient, signIn } from './support/sign-in.ts';
import { manualRelayTimers } from './support/test-app.ts';

/** Sequences of each kind. */
const SEQUENCES = 500;
/** Clients running sequences at once, each through its own proxy (so its requests alternate). */
const WORKERS = 4;

/** One replica: its own database pool, its own directory copy, its own server. */
interface Replica {
  readonly sql: Database;
  readonly authorization: AuthorizationBackend;
  readonly running: RunningApplication;
}

async function startReplica(stack: TestStack): Promise<Replica> {
  const sql = await connectDatabase(stack.services.databaseUrl);
  const authorization = await startEmbeddedAuthorization({
    sql,
    allowUnknownLocation: stack.settings.authorization.allowUnknownLocation,
  });
  const settings = {
    ...stack.settings,
    port: await freePort(),
    authorization: { ...stack.settings.authorization, decisionCacheTtlSeconds: 60 },
  };
  const running = await startApplication({
    settings,
    services: stack.services,
    sql,
    authorization,
    relayTimers: manualRelayTimers,
    logger: { warn: () => {}, error: () => {} },
  });
  return { sql, authorization, running };
}

/** A JSON call by `client` to `base` (a replica, or a proxy). */
const call = (client: SignedInClient, base: string, method: string, path: string, body?: unknown) =>
  apiClient(client, base)(method, path, body);

describe('read-your-writes across two replicas behind a round-robin proxy', () => {
  let stack: TestStack;
  const replicas: Replica[] = [];
  const proxies: RoundRobinProxy[] = [];
  let alice: SignedInClient;
  let bob: SignedInClient;

  beforeAll(async () => {
    stack = await startTestStack();
    const migrations = await connectDatabase(stack.services.databaseUrl, { max: 1 });
    await migrate(migrations);
    await migrations.end({ timeout: 1 });
    replicas.push(await startReplica(stack), await startReplica(stack));
    const urls = replicas.map((r) => r.running.url);
    // The first proxy takes the application's address (sign-in returns there), the others any port.
    proxies.push(await startRoundRobinProxy(stack.appPort, urls));
    for (let i = 1; i < WORKERS; i++) proxies.push(await startRoundRobinProxy(0, urls));
    alice = await signIn(stack.appBaseUrl, { username: 'alice', password: stack.password });
    bob = await signIn(stack.appBaseUrl, { username: 'bob', password: stack.password });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(proxies.map((p) => p.close()));
    for (const replica of replicas) {
      await replica.running.stop();
      await replica.authorization.close();
      await replica.sql.end({ timeout: 1 });
    }
    await stack?.stop();
  });

  it('never refuses "create, then share" nor "share, then the grantee reads"', async () => {
    const refused: string[] = [];
    // Someone else's write is caught up on denial.
    const othersRefused: string[] = [];
    let createThenShare = 0;
    let shareThenRead = 0;
    let next = 0;
    // One browser per worker, as one person per browser: the position cookie is per browser, and
    // concurrent tabs of one browser can still overwrite it with a lower one (documented).
    const worker = async (proxy: RoundRobinProxy) => {
      const alice = await signIn(stack.appBaseUrl, { username: 'alice', password: stack.password });
      while (next < SEQUENCES) {
        const n = next++;
        const created = await call(alice, proxy.url, 'POST', '/api/documents', { name: `ryw ${n}` });
        expect(created.status, created.text).toBe(201);
        const id = created.body.id as number;
        // The other replica answers the share: it must see the create.
        const shared = await call(alice, proxy.url, 'POST', '/api/shares', {
          document_id: id,
          email: 'bob@example.com',
          permission: 'read',
        });
        createThenShare++;
        if (shared.status !== 201) refused.push(`share of ${id}: ${shared.status} ${shared.text}`);
        if (shared.status !== 201) continue;
        // The grantee's read reaches the replica that did not answer the share.
        const read = await call(bob, proxy.url, 'GET', `/api/documents/${id}`);
        shareThenRead++;
        if (read.status !== 200) othersRefused.push(`read of ${id} by bob: ${read.status} ${read.text}`);
      }
    };
    await Promise.all(proxies.map(worker));
    console.log(
      `read-your-writes: ${createThenShare} create-then-share, ${shareThenRead} share-then-read sequences, ${refused.length} refused`,
    );
    console.log(`someone else's write refused: ${othersRefused.length} of ${shareThenRead}`, othersRefused);
    expect(refused).toEqual([]);
    expect(othersRefused).toEqual([]);
    expect(createThenShare).toBeGreaterThanOrEqual(SEQUENCES);
    expect(shareThenRead).toBeGreaterThanOrEqual(SEQUENCES);
  }, 600_000);

  it('carries the position in a signed cookie; waits for it at most the bound, then answers 503 with Retry-After', async () => {
    const [first, second] = replicas as [Replica, Replica];
    const created = await call(alice, first.running.url, 'POST', '/api/documents', { name: 'bounded' });
    expect(created.status).toBe(201);
    const [seen] = alice.browser.jar.find('gatehouse_seen');
    expect(seen).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(Number(seen!.value.split('.')[0])).toBeLessThanOrEqual(first.authorization.replica!.position());
    const read = (client: SignedInClient) =>
      call(client, second.running.url, 'GET', `/api/documents/${created.body.id}`);
    expect((await read(alice)).status).toBe(200);

    // A position no replica has reached (as when the other replica's copy is far behind), signed as
    // the application signs it: the request waits at most the bound, then is refused as "try again".
    const unreachable = String(first.authorization.replica!.position() + 1_000_000);
    const signature = createHmac('sha256', stack.services.sessionSecret).update(unreachable).digest('base64');
    alice.browser.jar.put({ ...seen!, value: `${unreachable}.${signature}` });
    const started = performance.now();
    const late = await read(alice);
    const waited = performance.now() - started;
    expect(late.status).toBe(503);
    expect(late.headers.get('retry-after')).toBe('1');
    expect(late.body.detail).toMatch(/not yet caught up with your last change/);
    expect(waited).toBeGreaterThanOrEqual(1_900);
    // A page says the same, with the same Retry-After.
    const page = await alice.browser.request(new URL(`/documents/${created.body.id}`, second.running.url));
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('1');
    expect(page.headers.get('content-type')).toContain('text/html');

    // A position the client made up itself is not waited for.
    alice.browser.jar.put({ ...seen!, value: `${unreachable}.forged` });
    expect((await read(alice)).status).toBe(200);
  }, 60_000);
});
