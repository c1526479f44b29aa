/**
 * The access log: decisions about documents, appended in batches, read newest first per document,
 * purged once older than the retention.
 */
import type { Queryable } from './connection.ts';
import { DatabaseError, withDatabaseErrors } from './database-error.ts';
import { isRowId } from './page.ts';

/** One decision about a document. */
export interface AccessLogEntry {
  readonly documentId: number;
  /** The user who asked; `null` for a request without a user. */
  readonly userId: string | null;
  /** What was asked: a permission (`can_read`) or a route (`GET /api/documents/7`). */
  readonly action: string;
  readonly allowed: boolean;
  /** Why: the policy that decided and who answered (service, cache, fallback), with any error. */
  readonly reason: string;
  readonly method: string | null;
  readonly path: string | null;
  readonly decidedAt: Date;
}

/** A stored entry, with its id and the user's address when known. */
export interface StoredAccessLogEntry extends AccessLogEntry {
  readonly id: number;
  readonly email: string | null;
}

/** Filters and keyset paging of {@link AccessLogRepository.page} (newest first). */
export interface AccessLogQuery {
  readonly documentId: number;
  /** Entries older than this id. */
  readonly beforeId?: number;
  readonly limit: number;
  readonly allowed?: boolean;
  readonly userId?: string;
}

/** Statements on `access_log`. */
export interface AccessLogRepository {
  /** Appends the entries in one statement. */
  append(entries: readonly AccessLogEntry[]): Promise<void>;
  page(query: AccessLogQuery): Promise<StoredAccessLogEntry[]>;
  /** Deletes at most `limit` entries decided before `before`; resolves to how many. */
  purgeBefore(before: Date, limit: number): Promise<number>;
}

type Row = {
  id: string;
  document_id: number;
  user_id: string | null;
  email: string | null;
  action: string;
  allowed: boolean;
  reason: string;
  method: string | null;
  path: string | null;
  decided_at: Date;
};

// Unpaired UTF-16 surrogates, which PostgreSQL refuses in JSON (the driver sent them as U+FFFD).
const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

// At most `max` characters (code points, as `char_length` counts them); a string of at most `max`
// UTF-16 units has no more, so only longer ones are split.
const clip = (text: string | null, max: number) => {
  if (text === null) return null;
  const clipped = text.length <= max ? text : [...text].slice(0, max).join('');
  return SURROGATE.test(clipped) ? clipped.replace(LONE_SURROGATE, '\uFFFD') : clipped;
};

/**
 * {@link clip} remembering its last answer: the entries of one list share their user, action,
 * reason, method and path (the same strings), so each column is clipped once per run of them.
 */
function clipper(max: number): (text: string | null) => string | null {
  let last: string | null = null;
  let clipped: string | null = null;
  return (text) => {
    if (text !== last) {
      clipped = clip(text, max);
      last = text;
    }
    return clipped;
  };
}

// Entries of one batch mostly share their decision time: its text is formatted once.
let lastTime: Date | undefined;
let lastText = '';
function timeText(date: Date): string {
  if (date !== lastTime) {
    lastText = date.toISOString();
    lastTime = date;
  }
  return lastText;
}

/** The access log repository over a pool or a transaction. */
export function createAccessLogRepository(db: Queryable): AccessLogRepository {
  return {
    append: (entries) =>
      withDatabaseErrors('append to the access log', async () => {
        if (entries.length === 0) return;
        // One JSON parameter of rows (whatever the batch size): the driver writes it with
        // JSON.stringify, where a text array per column is escaped element by element.
        const [user, action, reason, method, path] = [
          clipper(255),
          clipper(300),
          clipper(500),
          clipper(16),
          clipper(2000),
        ];
        const rows = entries.map((e) => [
          e.documentId,
          user(e.userId),
          action(e.action),
          e.allowed,
          reason(e.reason),
          method(e.method),
          path(e.path),
          timeText(e.decidedAt),
        ]);
        await db`INSERT INTO access_log
            (document_id, user_id, action, allowed, reason, method, path, decided_at)
          SELECT (r->>0)::int, r->>1, r->>2, (r->>3)::bool, r->>4, r->>5, r->>6, (r->>7)::timestamptz
          FROM jsonb_array_elements(${db.json(rows)}) WITH ORDINALITY AS e(r, n)
          ORDER BY n`;
      }),
    page: (query) =>
      withDatabaseErrors('read the access log', async () => {
        if (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > 1000) {
          throw new DatabaseError('invalid', 'limit must be a whole number from 1 to 1000', {
            field: 'limit',
          });
        }
        if (!isRowId(query.documentId)) return [];
        const before = query.beforeId === undefined ? db`` : db`AND l.id < ${query.beforeId}`;
        const allowed = query.allowed === undefined ? db`` : db`AND l.allowed = ${query.allowed}`;
        const user = query.userId === undefined ? db`` : db`AND l.user_id = ${query.userId}`;
        const rows = await db<Row[]>`
          SELECT l.id, l.document_id, l.user_id, u.email, l.action, l.allowed, l.reason, l.method, l.path,
                 l.decided_at
          FROM access_log l LEFT JOIN users u ON u.id = l.user_id
          WHERE l.document_id = ${query.documentId} ${before} ${allowed} ${user}
          ORDER BY l.id DESC LIMIT ${query.limit}`;
        return rows.map((r) => ({
          id: Number(r.id),
          documentId: r.document_id,
          userId: r.user_id,
          email: r.email,
          action: r.action,
          allowed: r.allowed,
          reason: r.reason,
          method: r.method,
          path: r.path,
          decidedAt: r.decided_at,
        }));
      }),
    purgeBefore: (before, limit) =>
      withDatabaseErrors('purge the access log', async () => {
        const rows = await db`
          DELETE FROM access_log WHERE id IN (
            SELECT id FROM access_log WHERE decided_at < ${before} ORDER BY decided_at LIMIT ${limit})
          RETURNING 1`;
        return rows.length;
      }),
  };
}
