import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_USERS, type LocationService, startLocationService } from '../stack/index.ts';
import { createLocationClient } from './index.ts';

const [alice, bob, charlie] = DEV_USERS;

describe('the location client', () => {
  let service: LocationService;
  let calls = 0;
  const counting: typeof fetch = (input, init) => {
    calls++;
    return fetch(input, init);
  };

  beforeAll(async () => {
    service = await startLocationService({ port: 0 });
  });
  afterAll(async () => {
    await service.stop();
  });

  it('asks the service by user id: GB, DE, CN, and unknown users', async () => {
    const client = createLocationClient({ url: service.url });
    expect(await client.locate(alice!.sub)).toEqual({ countryCode: 'GB' });
    expect(await client.locate(bob!.sub)).toEqual({ countryCode: 'DE' });
    expect(await client.locate(charlie!.sub)).toEqual({ countryCode: 'CN' });
    expect(await client.locate('someone-else')).toEqual({ countryCode: null, reason: 'unknown_user' });
  });

  it('reuses an answer for its TTL, and shares one request between concurrent lookups', async () => {
    let now = 0;
    const client = createLocationClient({
      url: service.url,
      cacheTtlSeconds: 60,
      clock: { now: () => now },
      fetch: counting,
    });
    calls = 0;
    await Promise.all([client.locate(alice!.sub), client.locate(alice!.sub), client.locate(alice!.sub)]);
    expect(calls).toBe(1);
    now = 59_999;
    await client.locate(alice!.sub);
    expect(calls).toBe(1);
    now = 60_000;
    await client.locate(alice!.sub);
    expect(calls).toBe(2);
  });

  it('reports an unreachable service or a nonsense answer as unknown, remembered only briefly', async () => {
    const garbage = createServer((_, res) => res.end('{"country_code": 42}'));
    await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
    const { port } = garbage.address() as AddressInfo;
    try {
      const nonsense = createLocationClient({ url: `http://127.0.0.1:${port}` });
      expect(await nonsense.locate(alice!.sub)).toEqual({ countryCode: null, reason: 'unavailable' });
    } finally {
      await new Promise((resolve) => garbage.close(resolve));
    }
    let now = 0;
    const down = createLocationClient({
      url: `http://127.0.0.1:${port}`,
      failureTtlSeconds: 5,
      clock: { now: () => now },
      fetch: counting,
    });
    calls = 0;
    expect(await down.locate(alice!.sub)).toEqual({ countryCode: null, reason: 'unavailable' });
    await down.locate(alice!.sub);
    expect(calls).toBe(1);
    now = 5_000;
    await down.locate(alice!.sub);
    expect(calls).toBe(2);
  });

  it('refuses a malformed configuration', () => {
    expect(() => createLocationClient({ url: 'not a url' })).toThrow();
    expect(() => createLocationClient({ url: service.url, cacheTtlSeconds: -1 })).toThrow();
  });
});
