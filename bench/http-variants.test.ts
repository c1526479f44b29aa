import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CALIBRATION_VARIANTS,
  type ListeningServer,
  REQUEST_HEADERS,
  REQUEST_PATH,
  SERVER_VARIANTS,
  type ServerVariant,
  withMinimalCheck,
} from './http-variants.ts';

let server: ListeningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function status(headers: Record<string, string>): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${server?.port}${REQUEST_PATH}`, { headers });
  await res.arrayBuffer();
  return res.status;
}

describe.each(['hono + minimal check', 'fastify + minimal check'] as const)('%s', (variant) => {
  it('answers a caller, again from the map, and denies a request without one', async () => {
    server = await SERVER_VARIANTS[variant]();
    expect(await status({ ...REQUEST_HEADERS })).toBe(200);
    expect(await status({ ...REQUEST_HEADERS })).toBe(200);
    expect(await status({})).toBe(403);
    expect(await status({})).toBe(403);
  });
});

describe('withMinimalCheck in process', () => {
  it('reads the Fetch request when no Node request comes with it', async () => {
    const app = withMinimalCheck(new Hono().get('*', (c) => c.text('ok')));
    const status = async (headers: Record<string, string>) =>
      (await app.fetch(new Request(`http://localhost${REQUEST_PATH}`, { headers }))).status;
    expect(await status({ ...REQUEST_HEADERS })).toBe(200);
    expect(await status({ ...REQUEST_HEADERS })).toBe(200);
    expect(await status({})).toBe(403);
  });
});

describe.each([...CALIBRATION_VARIANTS])('%s', (variant) => {
  it('serves the route to any caller, its work in front (no authorization)', async () => {
    server = await SERVER_VARIANTS[variant as ServerVariant]();
    expect(await status({})).toBe(200);
    expect(await status({ ...REQUEST_HEADERS })).toBe(200);
  });
});
