/**
 * A page of the documents a user may read, drawn from the ids the directory grants (its graph
 * search), in id order. PostgreSQL 16 probes an index once per id of `id = ANY($ids)`: for ids
 * that lie in runs of consecutive ones (a user's own documents, a folder filled at once), the page
 * is read as ranges instead — one probe per run, the rows between read in index order.
 */
import type { Queryable } from './connection.ts';
import type { DocumentSummary } from './document-repository.ts';
import { type DocumentRow, toSummary } from './document-row.ts';

/** Runs of consecutive ids, as parallel arrays of their first and last ids. */
export interface IdRuns {
  readonly starts: number[];
  readonly ends: number[];
}

/** The first ids of a page, above a known id, in runs. */
export interface IdWindow extends IdRuns {
  /** How many ids the runs hold. */
  readonly count: number;
  /** The greatest id of the window. */
  readonly last: number;
  /** Whether more ids follow the window. */
  readonly more: boolean;
}

/** Runs per id up to which a window is read as ranges (else one probe per id is as good). */
const RUNS_PER_ID = 0.25;

/**
 * The first `limit` of `ids` above `afterId` (in any order; duplicates count once) as runs, or
 * `undefined` when they are too scattered for ranges to pay: more than a quarter as many runs as
 * ids, or none above `afterId`.
 *
 * @example
 * idWindow([8, 1, 2, 3, 4, 5, 6, 7], 2, 4); // { starts: [3], ends: [6], count: 4, last: 6, more: true }
 */
export function idWindow(ids: readonly number[], afterId: number, limit: number): IdWindow | undefined {
  const sorted = Float64Array.from(ids).sort();
  let first = 0;
  while (first < sorted.length && sorted[first]! <= afterId) first++;
  const starts: number[] = [];
  const ends: number[] = [];
  let count = 0;
  let i = first;
  for (; i < sorted.length && count < limit; i++) {
    const id = sorted[i]!;
    const end = ends.length > 0 ? ends[ends.length - 1]! : Number.NaN;
    if (id === end) continue;
    count++;
    if (id === end + 1) {
      ends[ends.length - 1] = id;
    } else {
      starts.push(id);
      ends.push(id);
    }
  }
  if (count === 0 || starts.length > count * RUNS_PER_ID) return undefined;
  // Duplicates of the last id taken are no further ids.
  while (i < sorted.length && sorted[i] === sorted[i - 1]) i++;
  return { starts, ends, count, last: ends[ends.length - 1]!, more: i < sorted.length };
}

type SummaryRow = Omit<DocumentRow, 'content' | 'version' | 'revision'>;

/** The live documents among `ids` above `afterId`, in id order, at most `limit`: one probe per id. */
async function byIds(
  db: Queryable,
  ids: readonly number[],
  afterId: number,
  limit: number,
): Promise<SummaryRow[]> {
  return db<SummaryRow[]>`
    SELECT d.id, d.name, d.owner_id, d.folder_id, d.is_public, d.created_at, d.updated_at
    FROM documents d WHERE d.id > ${afterId} AND d.trashed_at IS NULL
      AND d.id = ANY(${db.array([...ids])}::integer[]) ORDER BY d.id LIMIT ${limit}`;
}

/**
 * The live documents within the runs, in id order. One run (a user's own documents, created one
 * after another) is one index range scan, read in id order; several are joined to the index and
 * sorted.
 */
function inRuns(db: Queryable, runs: IdRuns): Promise<SummaryRow[]> {
  const [lo, hi] = [runs.starts[0], runs.ends[0]];
  if (runs.starts.length === 1 && lo !== undefined && hi !== undefined) {
    return db<SummaryRow[]>`
      SELECT d.id, d.name, d.owner_id, d.folder_id, d.is_public, d.created_at, d.updated_at
      FROM documents d WHERE d.id BETWEEN ${lo} AND ${hi} AND d.trashed_at IS NULL ORDER BY d.id`;
  }
  return db<SummaryRow[]>`
    SELECT d.id, d.name, d.owner_id, d.folder_id, d.is_public, d.created_at, d.updated_at
    FROM unnest(${db.array(runs.starts)}::integer[], ${db.array(runs.ends)}::integer[]) AS r(lo, hi)
    JOIN documents d ON d.id BETWEEN r.lo AND r.hi
    WHERE d.trashed_at IS NULL ORDER BY d.id`;
}

/**
 * The live documents among `readableIds` above `afterId`, in id order, at most `limit` — exactly
 * as `id = ANY(readableIds)` would find them, ranges or not. When documents of the window are gone
 * or in the trash, the page is completed from the ids after it.
 *
 * @example
 * const page = await listReadable(db, [1, 2, 3, 40], 0, 100); // documents 1–3 read as one range, 40 probed
 */
export async function listReadable(
  db: Queryable,
  readableIds: readonly number[],
  afterId: number,
  limit: number,
): Promise<DocumentSummary[]> {
  const window = idWindow(readableIds, afterId, limit);
  if (!window) return (await byIds(db, readableIds, afterId, limit)).map(toSummary);
  const rows = await inRuns(db, window);
  if (rows.length < window.count && window.more) {
    rows.push(...(await byIds(db, readableIds, window.last, limit - rows.length)));
  }
  return rows.map(toSummary);
}
