/**
 * Previous/next links of one list on a page: each list pages on its own, so a link changes only
 * its list's position and keeps every other parameter of the page (the other lists' positions,
 * the sort, the search).
 */
import type { ListingPage } from '../../services/index.ts';

/** Props of {@link ListPager}. */
export interface ListPagerProps {
  /** The page's path with its query, as requested. */
  readonly here: string;
  /** Prefix of this list's parameters (`own` → `own_after`, `own_before`); `''` for `after`, `before`. */
  readonly prefix: string;
  readonly page: Pick<ListingPage, 'next' | 'previous'>;
  /** What the list holds, for the links' accessible names ("Yours"). */
  readonly label: string;
}

/** `here` with this list's position set to `param=value`. */
export function pageLink(here: string, prefix: string, param: 'after' | 'before', value: string): string {
  const url = new URL(here, 'http://page.invalid');
  const name = (p: string) => (prefix === '' ? p : `${prefix}_${p}`);
  url.searchParams.delete(name('after'));
  url.searchParams.delete(name('before'));
  url.searchParams.delete('done');
  url.searchParams.set(name(param), value);
  return `${url.pathname}${url.search}`;
}

/** The links, or nothing when the list fits on one page. */
export function ListPager({ here, prefix, page, label }: ListPagerProps) {
  if (page.next === null && page.previous === null) return null;
  return (
    <nav class="pager" aria-label={`${label}: pages`}>
      <ul>
        {page.previous !== null ? (
          <li>
            <a href={pageLink(here, prefix, 'before', page.previous)} rel="prev">
              ← Previous
            </a>
          </li>
        ) : null}
        {page.next !== null ? (
          <li>
            <a href={pageLink(here, prefix, 'after', page.next)} rel="next">
              Next →
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
