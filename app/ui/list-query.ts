/**
 * The parameters of a page's lists as links carry them: the order (`sort`), and each list's
 * position (`<list>_after` / `<list>_before`, or `after` / `before` for a page with one list).
 */
import type { Context } from 'hono';
import type { DocumentSort } from '../db/index.ts';
import { ServiceError } from '../services/index.ts';

/** The order of the page's lists; default by last change. */
export function listSort(c: Context): DocumentSort {
  const sort = c.req.query('sort');
  if (sort === undefined || sort === 'changed') return 'changed';
  if (sort === 'name') return 'name';
  throw new ServiceError('invalid', 'sort: choose the order by last change or by name', { field: 'sort' });
}

/** The position of the list `prefix` (`''`: the page's only list). */
export function listPosition(c: Context, prefix: string): { after?: string; before?: string } {
  const name = (p: string) => (prefix === '' ? p : `${prefix}_${p}`);
  const after = c.req.query(name('after'));
  const before = c.req.query(name('before'));
  return { ...(after !== undefined ? { after } : {}), ...(before !== undefined ? { before } : {}) };
}
