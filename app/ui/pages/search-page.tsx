/**
 * The search page: a search field (a plain GET form), the order, and the documents found — in the
 * start page's row layout, with the matching words marked in the name and in a passage of the text.
 */
import type { DocumentSort } from '../../db/index.ts';
import type { ListingPage } from '../../services/index.ts';
import { DocumentList } from '../components/document-list.tsx';
import { Layout } from '../components/layout.tsx';
import { ListPager } from '../components/list-pager.tsx';
import { SortLinks } from '../components/sort-links.tsx';
import type { PageFrame } from '../page-frame.ts';

/** Props of {@link SearchPage}. */
export interface SearchPageProps {
  readonly frame: PageFrame;
  /** What was searched for (`''` before a search). */
  readonly q: string;
  readonly sort: DocumentSort;
  /** The results; absent before a search. */
  readonly results: ListingPage | undefined;
}

/** The search page. */
export function SearchPage({ frame, q, sort, results }: SearchPageProps) {
  const title = q === '' ? 'Search' : `Search: ${q}`;
  return (
    <Layout frame={frame} title={title}>
      <h1>Search documents</h1>
      <search>
        <form method="get" action="/search" class="search-form">
          <label for="q">Words to find</label>
          <div class="search-row">
            <input type="search" id="q" name="q" value={q} maxlength={200} required />
            <input type="hidden" name="sort" value={sort} />
            <button type="submit">Search</button>
          </div>
          <p class="hint">
            Names and texts you may read. Use "quotes" for a phrase and -word to leave a word out.
          </p>
        </form>
      </search>
      {results ? (
        <section aria-labelledby="results-heading">
          <h2 id="results-heading">Results</h2>
          <SortLinks here={frame.here} current={sort} />
          <DocumentList
            documents={results.items}
            empty={`No document you may read matches “${q}”.`}
            readerId={frame.user?.sub}
          />
          <ListPager here={frame.here} prefix="" page={results} label="Results" />
        </section>
      ) : null}
    </Layout>
  );
}
