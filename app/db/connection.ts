/**
 * Connecting to PostgreSQL with the engine's driver (`postgres`, with the closed-connection fix).
 */
import { postgres } from '@gatehousejs/engine/postgres';
import { toDatabaseError } from './database-error.ts';

/**
 * Seconds between attempts to reconnect a connection that has a query waiting. The driver's own
 * backoff grows with every connection error since the pool was made and never shrinks (20 s after
 * a few restarts of the server); a short constant one gives full service again within a second.
 */
const RECONNECT_DELAY_SECONDS = 0.25;

/** Options of {@link connectDatabase}. */
export interface ConnectionOptions {
  /** Pool size (default 10). */
  readonly max?: number;
  /** Seconds to wait for a connection (default 10). */
  readonly connectTimeout?: number;
}

/** The connection pool type the repositories accept. */
export type Database = postgres.Sql;
/** A pool or a transaction: what a repository runs its statements on. */
export type Queryable = postgres.ISql;

/**
 * The driver's options for `url`: a `host` query parameter naming a directory (libpq's way of
 * naming a Unix socket, `?host=/var/run/postgresql`) becomes the socket's path, which the driver
 * would otherwise send to the server as a setting.
 */
function socketOf(url: string): { url: string; path?: string } {
  if (!URL.canParse(url)) return { url };
  const parsed = new URL(url);
  const dir = parsed.searchParams.get('host');
  if (!dir?.startsWith('/')) return { url };
  parsed.searchParams.delete('host');
  return { url: parsed.href, path: `${dir}/.s.PGSQL.${parsed.port || '5432'}` };
}

/**
 * Opens a pool and checks that the server answers; the URL's password never appears in errors.
 *
 * @param url `postgres://user:password@host:port/database`, or with `?host=/socket/directory` to
 *   connect over the server's Unix socket in that directory (port as in the URL, default 5432)
 * @param options `max` default 10, `connectTimeout` default 10 s
 * @throws {DatabaseError} `unavailable` when the server cannot be reached
 * @example
 * const sql = await connectDatabase(process.env.DATABASE_URL!);
 * await sql.end();
 */
export async function connectDatabase(url: string, options: ConnectionOptions = {}): Promise<Database> {
  const socket = socketOf(url);
  const sql = postgres(socket.url, {
    ...(socket.path ? { path: socket.path } : {}),
    max: options.max ?? 10,
    backoff: () => RECONNECT_DELAY_SECONDS,
    connect_timeout: options.connectTimeout ?? 10,
    idle_timeout: 60,
    onnotice: () => {},
    connection: { application_name: 'gatehouse' },
  });
  try {
    await sql`SELECT 1`;
  } catch (error) {
    await sql.end({ timeout: 0 });
    const where = URL.canParse(url)
      ? `${new URL(url).host}${new URL(url).pathname}`
      : 'the configured server';
    throw toDatabaseError(error, `connect to ${where}`);
  }
  return sql;
}
