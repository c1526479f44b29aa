import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_USERS, type LocationService, startLocationService } from './index.ts';

const [alice, bob, charlie] = DEV_USERS;

describe('location service over HTTP', () => {
  let service: LocationService;
  let custom: LocationService;

  beforeAll(async () => {
    service = await startLocationService({ port: 0 });
    custom = await startLocationService({
      port: 0,
      locations: { 'user-9': { countryCode: 'IR', countryName: 'Iran', city: 'Tehran' } },
    });
  });
  afterAll(async () => {
    await service.stop();
    await custom.stop();
  });

  const get = (base: LocationService, path: string) => fetch(`${base.url}${path}`);

  it('answers /health', async () => {
    const res = await get(service, '/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('places charlie in a restricted country and alice and bob outside', async () => {
    const countries: Record<string, string> = {};
    for (const user of [alice!, bob!, charlie!]) {
      const res = await get(service, `/location?user_id=${encodeURIComponent(user.sub)}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, string>;
      expect(body).toMatchObject({
        user_id: user.sub,
        country_code: expect.any(String),
        country_name: expect.any(String),
      });
      countries[user.username] = body.country_code!;
    }
    expect(['CN', 'KP', 'IR']).toContain(countries.charlie);
    expect(['CN', 'KP', 'IR']).not.toContain(countries.alice);
    expect(['CN', 'KP', 'IR']).not.toContain(countries.bob);
  });

  it('answers 400 without user_id and 404 for an unknown user', async () => {
    const missing = await get(service, '/location');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ detail: expect.stringContaining('user_id') });
    expect((await get(service, '/location?user_id=')).status).toBe(400);
    expect((await get(service, `/location?user_id=${'x'.repeat(300)}`)).status).toBe(400);
    const unknown = await get(service, '/location?user_id=nobody');
    expect(unknown.status).toBe(404);
  });

  it('serves a configured table instead of the default one', async () => {
    const res = await get(custom, '/location?user_id=user-9');
    expect(await res.json()).toEqual({
      user_id: 'user-9',
      country_code: 'IR',
      country_name: 'Iran',
      city: 'Tehran',
    });
    expect((await get(custom, `/location?user_id=${alice!.sub}`)).status).toBe(404);
  });

  it('rejects a malformed table at start-up', async () => {
    await expect(
      startLocationService({
        port: 0,
        locations: { u: { countryCode: 'china', countryName: 'China', city: 'x' } },
      }),
    ).rejects.toThrow(/ISO 3166-1/);
  });
});
