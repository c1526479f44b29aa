/**
 * The PostgreSQL driver of the engine's relation store and of the application: the `postgres`
 * package, bundled at build time with Gatehouse's closed-connection fix (see
 * `closed-connection-fix.mjs`). Without the fix, a connection that drops under a transaction or a
 * `LISTEN` ends the process with an uncaught `TypeError`, or leaves queries waiting forever.
 */
import postgres from './generated/fixed-postgres.js';

export { postgres };

/**
 * Whether `sql` is a client of this fixed driver (rather than of a separately installed
 * `postgres` package, which lacks the fix).
 *
 * @example
 * isFixedPostgresClient(postgres(url)); // true
 */
export function isFixedPostgresClient(sql: unknown): boolean {
  return (
    typeof sql === 'function' && (sql as { PostgresError?: unknown }).PostgresError === postgres.PostgresError
  );
}

/**
 * Emits a process warning (code `GATEHOUSE_UNFIXED_POSTGRES`) when a caller hands over a client of
 * another copy of the driver: the store works with it, but a dropped connection can end the
 * process. Create the client with this module's {@link postgres} instead.
 *
 * @param user what receives the client, for the message
 */
export function warnUnlessFixedClient(sql: unknown, user: string): void {
  if (isFixedPostgresClient(sql)) return;
  process.emitWarning(
    `${user} was given a client of a separately installed \`postgres\` driver, which lacks Gatehouse's closed-connection fix: a connection dropping under a transaction or LISTEN can end the process. Create the client with \`postgres\` from '@gatehousejs/engine/postgres'.`,
    { code: 'GATEHOUSE_UNFIXED_POSTGRES' },
  );
}

/** A client (pool) of the driver. */
// biome-ignore lint/complexity/noBannedTypes: the driver's own default for "no custom types"
export type Sql<Types extends Record<string, unknown> = {}> = postgres.Sql<Types>;
/** The client a transaction's callback receives. */
// biome-ignore lint/complexity/noBannedTypes: the driver's own default for "no custom types"
export type TransactionSql<Types extends Record<string, unknown> = {}> = postgres.TransactionSql<Types>;
