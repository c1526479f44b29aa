/**
 * Connecting to PostgreSQL with the `postgres` driver.
 */
import postgres from 'postgres';
import { toDatabaseError } from './database-error.ts';

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
 * Opens a pool and checks that the server answers; the URL's password never appears in errors.
 *
 * @param url `postgres://user:password@host:port/database`
 * @param options `max` default 10, `connectTimeout` default 10 s
 * @throws {DatabaseError} `unavailable` when the server cannot be reached
 * @example
 * const sql = await connectDatabase(process.env.DATABASE_URL!);
 * await sql.end();
 */
export async function connectDatabase(url: string, options: ConnectionOptions = {}): Promise<Database> {
  const sql = postgres(url, {
    max: options.max ?? 10,
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
