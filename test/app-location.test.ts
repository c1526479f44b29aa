/**
 * Location restrictions against a location service of the test's own: a user in KP is denied
 * everything, a user the service does not know is denied (fail closed), and when the service is
 * down every signed-in user is denied until it answers again — while requests without a user can
 * still read public documents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_USERS, type LocationService, startLocationService } from '../app/stack/index.ts';
import { type ApiCall, apiClient } from './support/api-client.ts';
import { freePort } from './support/free-port.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const [aliceUser, , charlieUser] = DEV_USERS;

describe('location restrictions, failing closed', () => {
  let port: number;
  let locations: LocationService | undefined;
  let app: TestApp;
  let alice: ApiCall;
  let bob: ApiCall;
  let charlie: ApiCall;
  let anonymous: ApiCall;
  let aliceDoc: number;
  let publicDoc: number;

  // alice in GB, charlie in KP, bob unknown to the service.
  const start = async () =>
    startLocationService({
      port,
      locations: {
        [aliceUser!.sub]: { countryCode: 'GB', countryName: 'United Kingdom', city: 'London' },
        [charlieUser!.sub]: { countryCode: 'KP', countryName: 'North Korea', city: 'Pyongyang' },
      },
    });

  beforeAll(async () => {
    port = await freePort();
    locations = await start();
    app = await startTestApp({
      env: {
        LOCATION_SERVICE_URL: locations.url,
        LOCATION_CACHE_TTL_SECONDS: '0',
        SESSION_SECRET: 'test-secret-of-at-least-thirty-two-bytes',
      },
    });
    alice = apiClient(await app.signIn('alice'));
    bob = apiClient(await app.signIn('bob'));
    charlie = apiClient(await app.signIn('charlie'));
    anonymous = apiClient(app.url);
    aliceDoc = (await alice('POST', '/api/documents', { name: 'Mine' })).body.id;
    publicDoc = (await alice('POST', '/api/documents', { name: 'Open', is_public: true })).body.id;
    await alice('POST', '/api/shares', {
      document_id: aliceDoc,
      email: 'charlie@example.com',
      permission: 'write',
    });
    await alice('POST', '/api/shares', {
      document_id: aliceDoc,
      email: 'bob@example.com',
      permission: 'write',
    });
  });
  afterAll(async () => {
    await app?.stop();
    await locations?.stop();
  });

  it('denies a user located in KP everything, shares and public documents included', async () => {
    expect((await charlie('GET', `/api/documents/${aliceDoc}`)).status).toBe(403);
    expect((await charlie('PUT', `/api/documents/${aliceDoc}`, { content: 'x' })).status).toBe(403);
    expect((await charlie('GET', `/api/documents/${publicDoc}`)).status).toBe(403);
    expect((await charlie('GET', '/api/documents')).status).toBe(403);
  });

  it('denies a signed-in user whose location is unknown, even on documents shared with them', async () => {
    expect(await bob('GET', `/api/documents/${aliceDoc}`)).toMatchObject({
      status: 403,
      body: { detail: 'Access denied: webapp.GET.api.documents.__id' },
    });
    expect((await bob('GET', `/api/documents/${publicDoc}`)).status).toBe(403);
    expect((await bob('POST', '/api/documents', { name: 'Nope' })).status).toBe(403);
  });

  it('fails closed while the location service is down, and recovers when it is back', async () => {
    expect((await alice('GET', `/api/documents/${aliceDoc}`)).status).toBe(200);
    await locations!.stop();
    locations = undefined;
    expect((await alice('GET', `/api/documents/${aliceDoc}`)).status).toBe(403);
    expect((await alice('POST', '/api/documents', { name: 'Offline' })).status).toBe(403);
    expect((await anonymous('GET', `/api/documents/${publicDoc}`)).status).toBe(200);
    locations = await start();
    expect((await alice('GET', `/api/documents/${aliceDoc}`)).status).toBe(200);
  });
});
