/**
 * The application on the real Keycloak 26.4 (the realm file compose.yaml imports): signing in
 * through Keycloak's own login form, the rules table, the sharing lifecycle, and single logout
 * (after signing out, signing in again asks for the password). The decision service is the
 * embedded engine with its directory in PostgreSQL; the real Topaz cannot be built here.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/api-client.ts';
import { freePort } from './support/free-port.ts';
import { type RunningKeycloak, startKeycloak } from './support/keycloak.ts';
import { describeRulesTable } from './support/rules-table.ts';
import { openLoginForm } from './support/sign-in.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const PASSWORD = 'password';
const CLIENT_SECRET = randomBytes(24).toString('base64url');

let keycloak: RunningKeycloak;
let appPort: number;

/** The application on Keycloak, on the port Keycloak's realm was imported with. */
const startOnKeycloak = () =>
  startTestApp({
    env: {
      PORT: String(appPort),
      OIDC_ISSUER: keycloak.issuer,
      OIDC_CLIENT_ID: 'gatehouse-app',
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      SESSION_SECRET: randomBytes(48).toString('base64'),
      DEV_USER_PASSWORD: PASSWORD,
    },
  });

beforeAll(async () => {
  appPort = await freePort();
  keycloak = await startKeycloak({
    appBaseUrl: `http://127.0.0.1:${appPort}`,
    clientSecret: CLIENT_SECRET,
    userPassword: PASSWORD,
  });
});
afterAll(async () => {
  await keycloak?.stop();
});

describeRulesTable('the rules table over HTTP, signed in through Keycloak', startOnKeycloak);

describe('signing in and out through Keycloak', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startOnKeycloak();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("signs in through Keycloak's login form and keeps its subject as the user id", async () => {
    const alice = await app.signIn('alice');
    const issuer = new URL(keycloak.issuer);
    expect(alice.hops.some((hop) => hop.url.origin === issuer.origin)).toBe(true);
    const created = await apiClient(alice)('POST', '/api/documents', { name: 'From Keycloak' });
    expect(created.status).toBe(201);
    expect(created.body.owner_id).toBe('e0953455-4435-4c86-b564-04b645a35471');
  });

  it('shares and revokes: bob reads while the share lasts, and not after', async () => {
    const alice = apiClient(await app.signIn('alice'));
    const bob = apiClient(await app.signIn('bob'));
    const { body } = await alice('POST', '/api/documents', { name: 'Shared plan', content: 'x' });
    expect((await bob('GET', `/api/documents/${body.id}`)).status).toBe(403);
    const shared = await alice('POST', '/api/shares', {
      document_id: body.id,
      email: 'bob@example.com',
      permission: 'write',
    });
    expect(shared.status).toBe(201);
    expect((await bob('PUT', `/api/documents/${body.id}`, { content: 'edited by bob' })).status).toBe(200);
    expect((await alice('DELETE', `/api/shares/${body.id}/bob@example.com`)).status).toBe(204);
    await app.running.documentApp.relay.flush();
    expect((await bob('GET', `/api/documents/${body.id}`)).status).toBe(403);
  });

  it('ends the Keycloak session at sign-out: signing in again asks for the password', async () => {
    const alice = await app.signIn('alice');
    // The logout carries the session's ID token (id_token_hint): Keycloak ends its session
    // without asking to confirm, and sends the browser straight back.
    const done = await alice.browser.navigate(new URL('/logout', app.url));
    expect(done.hops.some((hop) => hop.url.searchParams.has('id_token_hint'))).toBe(true);
    expect(done.url.href).toBe(`${app.url}/signed-out`);
    expect(await done.response.text()).toContain('signing in again asks for your password');
    const form = await openLoginForm(app.url, alice.browser);
    expect(new URL(form.url).origin).toBe(new URL(keycloak.issuer).origin);
  });
});
