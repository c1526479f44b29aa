/**
 * The data layer's error: PostgreSQL failures translated to a small set of codes the API maps to
 * status codes (`invalid` → 400, `missing_reference` → 404/400, `conflict`/`still_referenced` → 409).
 */
import { postgres } from '@gatehousejs/engine/postgres';

/** Why a database operation failed. */
export type DatabaseErrorCode =
  /** A value breaks a constraint (length, format, CHECK, NOT NULL, type). */
  | 'invalid'
  /** A unique key already exists. */
  | 'conflict'
  /** A referenced row (owner, folder, document, user) does not exist. */
  | 'missing_reference'
  /** The row is still referenced (e.g. a folder that holds documents). */
  | 'still_referenced'
  /** The server cannot be reached. */
  | 'unavailable'
  /** The schema cannot be migrated (unknown or edited migration, failed statement). */
  | 'migration_failed'
  /** Anything else. */
  | 'query_failed';

/** Raised by the repositories, the migration runner and the connection. */
export class DatabaseError extends Error {
  override name = 'DatabaseError';
  readonly code: DatabaseErrorCode;
  /** The column at fault, when known (e.g. `name`, `folder_id`). */
  readonly field: string | undefined;
  /** The violated constraint, when known. */
  readonly constraint: string | undefined;

  constructor(
    code: DatabaseErrorCode,
    message: string,
    options: { cause?: unknown; field?: string; constraint?: string } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.field = options.field;
    this.constraint = options.constraint;
  }
}

const INVALID_VALUE_STATES = new Set([
  '23514',
  '23502',
  '22001',
  '22003',
  '22007',
  '22008',
  '22021',
  '22P02',
  '22P05',
]);

/** The column named by a constraint following `<table>_<column>_<check|key|fkey|pkey>`. */
function fieldOf(table: string | undefined, constraint: string | undefined): string | undefined {
  if (!table || !constraint?.startsWith(`${table}_`)) return undefined;
  const rest = constraint.slice(table.length + 1).replace(/_(check|key|fkey|pkey)$/, '');
  return rest === '' || rest === constraint ? undefined : rest;
}

// Connection exceptions (08…), the server shutting down or starting (57P01–57P03), and the
// driver's and the socket's own codes for a connection that failed or was lost.
const CONNECTION_STATES = /^(08|57P0[123]$)/;
const CONNECTION_CODES =
  /^(ECONNREFUSED|ECONNRESET|ECONNABORTED|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|CONNECT_TIMEOUT|CONNECTION_)/;

/**
 * Whether `error` says the database cannot be reached or the connection was lost (not that a
 * statement was wrong): a retry may succeed once the server is back.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof DatabaseError) return error.code === 'unavailable';
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return error instanceof postgres.PostgresError ? CONNECTION_STATES.test(code) : CONNECTION_CODES.test(code);
}

/**
 * Translates a driver error; a {@link DatabaseError} passes through unchanged.
 *
 * @param what the operation, for the message, e.g. `create document`
 */
export function toDatabaseError(error: unknown, what: string): DatabaseError {
  if (error instanceof DatabaseError) return error;
  if (error instanceof postgres.PostgresError) {
    const table = error.table_name;
    const constraint = error.constraint_name;
    const field = error.column_name ?? fieldOf(table, constraint);
    const options = { cause: error, field, constraint };
    const subject = field ? `${table ?? 'value'}.${field}` : (table ?? 'value');
    if (INVALID_VALUE_STATES.has(error.code)) {
      // Messages raised by our own triggers are written for people; the server's are not.
      const ours = error.code === '23514' && error.routine === 'exec_stmt_raise';
      const detail = ours || error.code.startsWith('22') ? `: ${error.message}` : '';
      return new DatabaseError('invalid', `${what}: ${subject} is invalid${detail}`, options);
    }
    if (error.code === '23505')
      return new DatabaseError('conflict', `${what}: ${subject} already exists`, options);
    if (error.code === '23503') {
      return /still referenced/.test(error.detail ?? '')
        ? new DatabaseError('still_referenced', `${what}: ${table ?? 'row'} is still in use`, options)
        : new DatabaseError('missing_reference', `${what}: ${subject} refers to a missing row`, options);
    }
    if (isConnectionFailure(error)) {
      return new DatabaseError('unavailable', `${what}: the database is unavailable`, options);
    }
    return new DatabaseError('query_failed', `${what}: ${error.message}`, options);
  }
  if (isConnectionFailure(error)) {
    return new DatabaseError('unavailable', `${what}: the database is unavailable`, { cause: error });
  }
  return new DatabaseError(
    'query_failed',
    `${what}: ${error instanceof Error ? error.message : String(error)}`,
    {
      cause: error,
    },
  );
}

/**
 * Runs `operation`, translating any failure with {@link toDatabaseError}.
 *
 * @param what the operation, for the message, e.g. `create document`
 */
export async function withDatabaseErrors<T>(what: string, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw toDatabaseError(error, what);
  }
}
