/**
 * The application with Topaz as its decision service and directory (`TOPAZ_URL`), against the
 * Topaz-compatible server started in-process over TLS (its generated CA given as
 * `TOPAZ_CA_CERT_FILE`) with the real stack otherwise: PostgreSQL, the OpenID provider, the
 * location service. The server runs the embedded engine on the application's `policies/`, and
 * decides as Topaz does: the subject is resolved to a directory `user` (an unknown one fails,
 * as Topaz's E30007), and the policies see Topaz's input (`input.identity.identity`, not
 * `value`). So these tests show the adapter path, the relay into the remote directory, the user
 * object delivered at sign-in, and policies portable to Topaz's input.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Code, ConnectError } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database, migrate } from '../app/db/index.ts';
import {
  type AuthorizationBackend,
  DEFAULT_POLICIES_DIR,
  type RunningApplication,
  startApplication,
  startTopazAuthorization,
} from '../app/server/index.ts';
import {
  type DecisionQuery,
  type DecisionService,
  type Decisions,
  MissingPoliciesError,
} from '../core/index.ts';
import {
  createEmbeddedDecisionService,
  createMemoryRelationStore,
  type EmbeddedDecisionService,
  loadManifestFile,
  type RelationStore,
} from '../engine/index.ts';
import {
  MemoryPolicyCatalog,
  startTestTopazServer,
  type TestTopazServer,
} from '../engine/server/testing/index.ts';
import { type ApiCall, apiClient } from './support/api-client.ts';
import { startTestStack, type TestStack } from './support/dev-stack.ts';
import { signIn } from './support/sign-in.ts';
import { manualRelayTimers } from './support/test-app.ts';

/**
 * The engine deciding as Topaz does: the caller resolved to a directory user first (Topaz's
 * `getUserFromIdentity`, NotFound when unknown), then `data.<path>.<decision>` evaluated with
 * Topaz's input document. `asked` records every query that reached the server.
 */
function decidingAsTopaz(
  engine: EmbeddedDecisionService,
  store: RelationStore,
  asked: string[],
): DecisionService {
  return {
    async decide(query: DecisionQuery): Promise<Decisions> {
      asked.push(`${query.identity.value ?? 'anonymous'} ${query.policyPath}`);
      const { type, value } = query.identity;
      const user = type === 'IDENTITY_TYPE_NONE' ? undefined : store.reader.object('user', value ?? '');
      if (type !== 'IDENTITY_TYPE_NONE' && !user) {
        throw new ConnectError(
          'E30007 authentication failed: failed to resolve identity context',
          Code.NotFound,
        );
      }
      const identity = value === undefined ? { type } : { type, identity: value };
      const input = {
        policy: { path: query.policyPath, decisions: query.decisions },
        resource: query.resourceContext,
        ...(user && { user: { type: user.type, id: user.id } }),
      };
      const answers: Record<string, boolean> = {};
      for (const decision of query.decisions) {
        const [result] = await engine.query({
          query: `x = data.${query.policyPath}.${decision} with input.identity as ${JSON.stringify(identity)}`,
          input,
          identity: { type: 'IDENTITY_TYPE_NONE' },
        });
        answers[decision] = result?.bindings.x === true;
      }
      return answers;
    },
  };
}

describe('the application on Topaz (TOPAZ_URL) over gRPC and TLS', () => {
  let store: RelationStore;
  let engine: EmbeddedDecisionService;
  let topaz: TestTopazServer;
  let stack: TestStack;
  let sql: Database;
  let authorization: AuthorizationBackend;
  let running: RunningApplication;
  const asked: string[] = [];
  const logs: string[] = [];
  const sub = (username: string) => stack.users.find((u) => u.username === username)?.sub ?? '';

  beforeAll(async () => {
    store = createMemoryRelationStore({
      manifest: await loadManifestFile(path.join(DEFAULT_POLICIES_DIR, 'manifest.yaml')),
    });
    engine = await createEmbeddedDecisionService({ policiesDir: DEFAULT_POLICIES_DIR, store });
    topaz = await startTestTopazServer({
      decisionService: decidingAsTopaz(engine, store, asked),
      relationDirectory: store,
      policyCatalog: engine,
    });
    stack = await startTestStack({
      TOPAZ_URL: topaz.server.authorizerUrl,
      TOPAZ_DIRECTORY_URL: topaz.server.directoryUrl,
      TOPAZ_CA_CERT_FILE: topaz.caFile,
      TOPAZ_TIMEOUT_MS: '10000',
      SESSION_SECRET: randomBytes(32).toString('base64url'),
    });
    sql = await connectDatabase(stack.services.databaseUrl);
    await migrate(sql);
    if (!stack.settings.topaz) throw new Error('TOPAZ_URL did not select Topaz');
    authorization = await startTopazAuthorization(stack.settings.topaz);
    running = await startApplication({
      settings: stack.settings,
      services: stack.services,
      sql,
      authorization,
      // The sweep never fires: every delivery seen here is one the application awaited.
      relayTimers: manualRelayTimers,
      logger: { warn: (m: string) => logs.push(m), error: (m: string) => logs.push(m) },
    });
  });
  afterAll(async () => {
    await running?.stop();
    await authorization?.close();
    await sql?.end({ timeout: 5 });
    await stack?.stop();
    await topaz?.close();
    await engine?.close();
    await store?.close();
  });

  it('validates the routes against the packages Topaz lists, not against local files', async () => {
    expect(authorization.description).toContain(`Topaz at ${topaz.server.authorizerUrl}`);
    expect(authorization.policyPackages).toEqual(engine.packages);
    expect(authorization.policyPackages).toContain('webapp.GET.api.documents.__id');

    // A Topaz that lacks one route policy: the application refuses to start.
    const modules = await engine.listPolicies();
    const lacking = await startTestTopazServer({
      decisionService: engine,
      relationDirectory: store,
      policyCatalog: new MemoryPolicyCatalog(
        modules.filter((m) => m.packagePath !== 'webapp.DELETE.api.folders.__id'),
      ),
    });
    const settings = stack.settings.topaz;
    if (!settings) throw new Error('TOPAZ_URL did not select Topaz');
    const partial = await startTopazAuthorization({
      ...settings,
      url: lacking.server.authorizerUrl,
      caCertFile: lacking.caFile,
    });
    try {
      const refused = startApplication({
        settings: stack.settings,
        services: stack.services,
        sql,
        authorization: partial,
      });
      await expect(refused).rejects.toThrow(MissingPoliciesError);
      await expect(refused).rejects.toThrow(/1 polic/);
    } finally {
      await partial.close();
      await lacking.close();
    }
  });

  it('delivers the signed-in user to the remote directory before the session starts', async () => {
    expect(store.reader.object('user', sub('alice'))).toBeUndefined();
    const alice = apiClient(await signIn(running.url, { username: 'alice', password: stack.password }));
    expect(store.reader.object('user', sub('alice'))).toMatchObject({ type: 'user', id: sub('alice') });
    // Topaz resolves the subject at once: the very first request is decided, not refused.
    const list = await alice('GET', '/api/documents');
    expect(list.status, list.text).toBe(200);
    expect(asked).toContain(`${sub('alice')} webapp.GET.api.documents`);
  });

  it('creates, shares, reads as the other user, revokes and denies charlie, through Topaz', async () => {
    const as = async (username: string): Promise<ApiCall> =>
      apiClient(await signIn(running.url, { username, password: stack.password }));
    const [a, b, c] = [await as('alice'), await as('bob'), await as('charlie')];
    const anonymous = apiClient(running.url);

    const created = await a('POST', '/api/documents', { name: 'Topaz plan', content: 'over gRPC' });
    expect(created.status, created.text).toBe(201);
    const id = String(created.body.id);
    const relations = async () =>
      (await authorization.directory.getRelations({ objectType: 'document', objectId: id }))
        .map((r) => `${r.relation}@${r.subjectType}:${r.subjectId}`)
        .sort();
    expect(await relations()).toEqual([`owner@user:${sub('alice')}`]);

    asked.length = 0;
    expect((await b('GET', `/api/documents/${id}`)).status).toBe(403);
    expect(asked).toContain(`${sub('bob')} webapp.GET.api.documents.__id`);

    const shared = await a('POST', '/api/shares', {
      document_id: Number(id),
      email: 'bob@example.com',
      permission: 'read',
    });
    expect(shared.status, shared.text).toBe(201);
    expect(await relations()).toEqual([`owner@user:${sub('alice')}`, `reader@user:${sub('bob')}`].sort());
    expect((await b('GET', `/api/documents/${id}`)).body).toMatchObject({
      name: 'Topaz plan',
      content: 'over gRPC',
    });
    expect((await b('PUT', `/api/documents/${id}`, { content: 'mine' })).status).toBe(403);
    expect((await anonymous('GET', `/api/documents/${id}`)).status).toBe(401);

    // charlie is located in CN: denied even a public document, while anonymous callers read it.
    expect((await a('PUT', `/api/documents/${id}`, { is_public: true })).status).toBe(200);
    expect((await anonymous('GET', `/api/documents/${id}`)).status).toBe(200);
    const denied = await c('GET', `/api/documents/${id}`);
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toMatch(/^Access denied: webapp\./);
    expect((await c('POST', '/api/documents', { name: 'From CN' })).status).toBe(403);

    expect((await a('DELETE', `/api/shares/${id}/bob@example.com`)).status).toBe(204);
    expect(await relations()).toEqual([`owner@user:${sub('alice')}`, 'reader@user:*'].sort());
    expect((await b('PUT', `/api/documents/${id}`, { content: 'mine' })).status).toBe(403);
    expect(logs.filter((m) => /directory|decision service error/.test(m))).toEqual([]);
  });
});
