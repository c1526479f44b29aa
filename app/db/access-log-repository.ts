/**
 * The access log: decisions about documents, appended in batches, read newest first per document,
 * purged once older than the retention. Stored as runs (`access_log_runs`, migration 15): the
 * entries of a batch that share who asked, what, why, the route and the time are one row holding
 * their document ids and outcomes; an entry's id is `run id × 1024 + position`.
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
  /**
   * Deletes entries decided before `before`, a run at a time (the oldest first): at most `limit`
   * entries unless the oldest run alone holds more; resolves to how many (0 once none is left).
   */
  purgeBefore(before: Date, limit: number): Promise<number>;
}

type Row = {
  id: string;
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

/** Most entries in one run (an entry id's position takes 10 bits). */
const RUN_SIZE = 1000;
const POSITIONS = 1024;

/** The entries of a batch that share every value but the document and outcome. */
interface Run {
  readonly user: string | null;
  readonly action: string | null;
  readonly reason: string | null;
  readonly method: string | null;
  readonly path: string | null;
  readonly time: string;
  readonly documentIds: number[];
  readonly allowed: boolean[];
}

/** Whether two entries share every value a run holds once (the same strings, the same time). */
function sameRun(a: AccessLogEntry, b: AccessLogEntry): boolean {
  return (
    a.userId === b.userId &&
    a.action === b.action &&
    a.reason === b.reason &&
    a.method === b.method &&
    a.path === b.path &&
    a.decidedAt.getTime() === b.decidedAt.getTime()
  );
}

/** Splits a batch into runs (in order; at most {@link RUN_SIZE} entries each), values clipped. */
function runsOf(entries: readonly AccessLogEntry[]): Run[] {
  const [user, action, reason, method, path] = [
    clipper(255),
    clipper(300),
    clipper(500),
    clipper(16),
    clipper(2000),
  ];
  const runs: Run[] = [];
  let run: Run | undefined;
  let previous: AccessLogEntry | undefined;
  for (const e of entries) {
    // The entries of one list hold the very same values as the one before: they join its run
    // without clipping or comparing anything again.
    if (run && previous && run.documentIds.length < RUN_SIZE && sameRun(e, previous)) {
      run.documentIds.push(e.documentId);
      run.allowed.push(e.allowed);
      continue;
    }
    previous = e;
    const shared = {
      user: user(e.userId),
      action: action(e.action),
      reason: reason(e.reason),
      method: method(e.method),
      path: path(e.path),
      time: timeText(e.decidedAt),
    };
    if (
      !run ||
      run.documentIds.length >= RUN_SIZE ||
      run.user !== shared.user ||
      run.action !== shared.action ||
      run.reason !== shared.reason ||
      run.method !== shared.method ||
      run.path !== shared.path ||
      run.time !== shared.time
    ) {
      run = { ...shared, documentIds: [], allowed: [] };
      runs.push(run);
    }
    run.documentIds.push(e.documentId);
    run.allowed.push(e.allowed);
  }
  return runs;
}

/** The access log repository over a pool or a transaction. */
export function createAccessLogRepository(db: Queryable): AccessLogRepository {
  return {
    append: (entries) =>
      withDatabaseErrors('append to the access log', async () => {
        if (entries.length === 0) return;
        // One JSON parameter of runs (whatever the batch size), each run's ids and outcomes as
        // array literals, which PostgreSQL reads faster than JSON arrays.
        const rows = runsOf(entries).map((r) => [
          r.user,
          r.action,
          r.reason,
          r.method,
          r.path,
          r.time,
          `{${r.documentIds.join(',')}}`,
          `{${r.allowed.map((a) => (a ? 't' : 'f')).join(',')}}`,
        ]);
        await db`INSERT INTO access_log_runs
            (user_id, action, reason, method, path, decided_at, document_ids, allowed)
          SELECT r->>0, r->>1, r->>2, r->>3, r->>4, (r->>5)::timestamptz, (r->>6)::integer[],
                 (r->>7)::boolean[]
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
        const documentId = query.documentId;
        // The runs holding the document (GIN), newest first; in each, the document's positions.
        const before =
          query.beforeId === undefined
            ? db``
            : db`AND r.id <= ${Math.floor(query.beforeId / POSITIONS)}
                 AND r.id * ${POSITIONS} + p.position < ${query.beforeId}`;
        const allowed = query.allowed === undefined ? db`` : db`AND r.allowed[p.position] = ${query.allowed}`;
        const user = query.userId === undefined ? db`` : db`AND r.user_id = ${query.userId}`;
        const rows = await db<Row[]>`
          SELECT r.id * ${POSITIONS} + p.position AS id, r.user_id, u.email, r.action,
                 r.allowed[p.position] AS allowed, r.reason, r.method, r.path, r.decided_at
          FROM access_log_runs r
          CROSS JOIN LATERAL unnest(array_positions(r.document_ids, ${documentId}::integer)) AS p(position)
          LEFT JOIN users u ON u.id = r.user_id
          WHERE r.document_ids @> ARRAY[${documentId}::integer] ${before} ${allowed} ${user}
          ORDER BY r.id DESC, p.position DESC LIMIT ${query.limit}`;
        return rows.map((r) => ({
          id: Number(r.id),
          documentId,
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
        // The oldest runs whose entries add up to at most `limit` (the first one in any case).
        const rows = await db<{ entries: number }[]>`
          DELETE FROM access_log_runs WHERE id IN (
            SELECT id FROM (
              SELECT id, cardinality(document_ids) AS entries,
                     sum(cardinality(document_ids)) OVER (ORDER BY decided_at, id) AS upto
              FROM access_log_runs WHERE decided_at < ${before} ORDER BY decided_at, id LIMIT ${limit}
            ) oldest WHERE upto <= ${limit} OR upto = entries)
          RETURNING cardinality(document_ids) AS entries`;
        return rows.reduce((sum, r) => sum + r.entries, 0);
      }),
  };
}
