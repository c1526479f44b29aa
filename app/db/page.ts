/**
 * Paging of list queries and the range of row ids, checked before any SQL runs.
 */
import { DatabaseError } from './database-error.ts';

/**
 * A window over a list ordered by id: `limit` 1–1000 (default 100), `offset` ≥ 0 (default 0),
 * `afterId` ≥ 0 (default 0: only rows with a greater id, for keyset paging).
 */
export interface Page {
  readonly limit?: number;
  readonly offset?: number;
  readonly afterId?: number;
}

/** Largest page a list query returns. */
export const MAX_PAGE_SIZE = 1000;

/** The resolved page; a bad limit or offset is an `invalid` {@link DatabaseError}. */
export function resolvePage(page: Page = {}): { limit: number; offset: number; afterId: number } {
  const limit = page.limit ?? 100;
  const offset = page.offset ?? 0;
  const afterId = page.afterId ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new DatabaseError('invalid', `limit must be an integer from 1 to ${MAX_PAGE_SIZE}`, {
      field: 'limit',
    });
  }
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw new DatabaseError('invalid', 'offset must be a non-negative integer', { field: 'offset' });
  }
  if (!Number.isSafeInteger(afterId) || afterId < 0) {
    throw new DatabaseError('invalid', 'afterId must be a non-negative integer', { field: 'afterId' });
  }
  return { limit, offset, afterId };
}

/** True for a value that can be an `integer` primary key (1 … 2³¹−1). */
export function isRowId(id: unknown): id is number {
  return Number.isInteger(id) && (id as number) >= 1 && (id as number) <= 2_147_483_647;
}
