/**
 * The choice of order for a page's lists, as links (no script, no form): by last change or by
 * name, the current one marked. Choosing an order starts every list from its beginning.
 */
import type { DocumentSort } from '../../db/index.ts';

const ORDERS: readonly { readonly sort: DocumentSort; readonly label: string }[] = [
  { sort: 'changed', label: 'Last change' },
  { sort: 'name', label: 'Name' },
];

/** `here` ordered by `sort`, every list back at its first page. */
function sortedLink(here: string, sort: DocumentSort): string {
  const url = new URL(here, 'http://page.invalid');
  for (const name of [...url.searchParams.keys()]) {
    if (name === 'done' || name.endsWith('after') || name.endsWith('before')) url.searchParams.delete(name);
  }
  url.searchParams.set('sort', sort);
  return `${url.pathname}${url.search}`;
}

/** The links. */
export function SortLinks({ here, current }: { readonly here: string; readonly current: DocumentSort }) {
  return (
    <nav class="sort" aria-label="Order">
      <span class="sort-label">Order by:</span>
      <ul>
        {ORDERS.map(({ sort, label }) => (
          <li>
            {sort === current ? (
              <a href={sortedLink(here, sort)} aria-current="true">
                {label}
              </a>
            ) : (
              <a href={sortedLink(here, sort)}>{label}</a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
