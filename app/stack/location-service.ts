/**
 * The development location service: tells which country a user is in, by user id (the `sub`).
 * `GET /location?user_id=…` → `{ user_id, country_code, country_name, city }`; `GET /health`.
 */
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { z } from 'zod';
import { DEV_LOCATIONS } from './dev-users.ts';
import { listenOnLoopback } from './loopback-server.ts';

const userLocationSchema = z.object({
  countryCode: z.string().regex(/^[A-Z]{2}$/, { message: 'must be an ISO 3166-1 alpha-2 code' }),
  countryName: z.string().min(1),
  city: z.string().min(1),
});

/** Options of the location service; `locations` maps user ids to places (default: the development users). */
export const locationServiceOptionsSchema = z.object({
  /** Port; 0 picks a free one. */
  port: z.number().int().min(0).max(65535).default(8001),
  /** Address to listen on (default 127.0.0.1; `0.0.0.0` inside a container). */
  host: z.string().min(1).default('127.0.0.1'),
  locations: z.record(z.string().min(1).max(255), userLocationSchema).default(() => ({ ...DEV_LOCATIONS })),
});

/** Options of {@link startLocationService}. */
export type LocationServiceOptions = z.input<typeof locationServiceOptionsSchema>;
/** Resolved options. */
export type LocationServiceConfig = z.output<typeof locationServiceOptionsSchema>;

/** A running location service. */
export interface LocationService {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * The service as a Hono app (for in-process use or `app.request()`).
 *
 * @param options `locations` default: the development users' table
 */
export function createLocationServiceApp(options: LocationServiceOptions = {}): Hono {
  const { locations } = locationServiceOptionsSchema.parse(options);
  const table = new Map(Object.entries(locations));
  const app = new Hono();
  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.get('/location', (c) => {
    const userId = c.req.query('user_id');
    if (!userId) return c.json({ detail: 'Query parameter user_id is required' }, 400);
    if (userId.length > 255) return c.json({ detail: 'Query parameter user_id is too long' }, 400);
    const place = table.get(userId);
    if (!place) return c.json({ detail: 'Unknown user_id' }, 404);
    return c.json({
      user_id: userId,
      country_code: place.countryCode,
      country_name: place.countryName,
      city: place.city,
    });
  });
  app.notFound((c) => c.json({ detail: 'Not found' }, 404));
  return app;
}

/**
 * Starts the service (on 127.0.0.1 unless `host` says otherwise).
 *
 * @param options `port` default 8001, `host` default 127.0.0.1, `locations` default the development table
 * @example
 * const service = await startLocationService({ port: 0 });
 * await fetch(`${service.url}/location?user_id=${DEV_USERS[2].sub}`); // charlie → CN
 * await service.stop();
 */
export async function startLocationService(options: LocationServiceOptions = {}): Promise<LocationService> {
  const config = locationServiceOptionsSchema.parse(options);
  const app = createLocationServiceApp(config);
  const server = await listenOnLoopback(
    getRequestListener(app.fetch),
    config.port,
    'location service (LOCATION_SERVICE_PORT)',
    config.host,
  );
  return { url: server.url, stop: () => server.close() };
}
