/**
 * The start page. Signed in: three lists — the user's own documents, documents shared with them,
 * and public documents of other people — each paged on its own, in one order (last change or
 * name); a search field; the user's folders; "New document" and "New folder" when the policy
 * allows them. Without a session: what Gatehouse is, a sign-in button, and the public documents.
 */
import type { DocumentSort, Folder } from '../../db/index.ts';
import type { ListingPage } from '../../services/index.ts';
import { DocumentList } from '../components/document-list.tsx';
import { Layout } from '../components/layout.tsx';
import { ListPager } from '../components/list-pager.tsx';
import { SortLinks } from '../components/sort-links.tsx';
import type { PageFrame } from '../page-frame.ts';
import { signInPath } from '../page-paths.ts';

/** The start page's lists, by their parameter prefix. */
export interface HomeLists {
  readonly own: ListingPage;
  readonly shared: ListingPage;
  readonly public: ListingPage;
}

/** Props of {@link HomePage}. */
export interface HomePageProps {
  readonly frame: PageFrame;
  readonly lists: HomeLists;
  readonly sort: DocumentSort;
  /** The user's folders. */
  readonly folders: readonly Folder[];
  /** Which creation pages the policy lets the user open. */
  readonly can: { readonly createDocument: boolean; readonly createFolder: boolean };
}

/** A search field leading to the search page. */
function SearchBox() {
  return (
    <search>
      <form method="get" action="/search" class="search-form">
        <label for="q">Search documents</label>
        <div class="search-row">
          <input type="search" id="q" name="q" maxlength={200} required />
          <button type="submit" class="secondary">
            Search
          </button>
        </div>
      </form>
    </search>
  );
}

/** One list of the start page with its heading and pager. */
function ListSection(props: {
  readonly frame: PageFrame;
  readonly id: keyof HomeLists;
  readonly title: string;
  readonly page: ListingPage;
  readonly empty: string;
  readonly folders?: ReadonlyMap<number, Folder>;
}) {
  const { frame, id, title, page } = props;
  // "None" is true only on a list's first page; further on the page is simply past the end.
  const empty = page.previous === null ? props.empty : 'No more documents here.';
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      <DocumentList documents={page.items} folders={props.folders} empty={empty} readerId={frame.user?.sub} />
      <ListPager here={frame.here} prefix={id} page={page} label={title} />
    </section>
  );
}

/** The start page of a signed-in user. */
export function HomePage({ frame, lists, sort, folders, can }: HomePageProps) {
  const byId = new Map(folders.map((f) => [f.id, f]));
  return (
    <Layout frame={frame} title="Your documents">
      <div class="page-head">
        <div>
          <h1>Your documents</h1>
          <p class="lead">Documents you own, documents shared with you, and public documents.</p>
        </div>
        {can.createDocument || can.createFolder ? (
          <ul class="actions">
            {can.createDocument ? (
              <li>
                <a class="button" href="/documents/new">
                  New document
                </a>
              </li>
            ) : null}
            {can.createFolder ? (
              <li>
                <a class="button secondary" href="/folders/new">
                  New folder
                </a>
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
      <SearchBox />
      <SortLinks here={frame.here} current={sort} />
      <ListSection
        frame={frame}
        id="own"
        title="Yours"
        page={lists.own}
        folders={byId}
        empty="You have no documents yet."
      />
      <ListSection
        frame={frame}
        id="shared"
        title="Shared with you"
        page={lists.shared}
        empty="Nobody has shared a document with you yet."
      />
      <ListSection
        frame={frame}
        id="public"
        title="Public documents"
        page={lists.public}
        empty="No public documents from other people."
      />
      <section aria-labelledby="folders-heading">
        <h2 id="folders-heading">Your folders</h2>
        {folders.length === 0 ? (
          <p class="empty">You have no folders yet.</p>
        ) : (
          <ul class="item-list">
            {folders.map((folder) => {
              const parent = folder.parentFolderId === null ? undefined : byId.get(folder.parentFolderId);
              return (
                <li>
                  <a href={`/folders/${folder.id}`}>{folder.name}</a>
                  {parent ? <p class="meta">In {parent.name}</p> : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </Layout>
  );
}

/** The start page without a session. */
export function WelcomePage({
  frame,
  publicPage,
  sort,
}: {
  readonly frame: PageFrame;
  readonly publicPage: ListingPage;
  readonly sort: DocumentSort;
}) {
  return (
    <Layout frame={frame} title="Welcome">
      <h1>Gatehouse documents</h1>
      <p class="lead">Write documents, keep them in folders, and share them with the people who need them.</p>
      <p>
        <a class="button" href={signInPath('/')}>
          Sign in
        </a>
      </p>
      <SearchBox />
      <SortLinks here={frame.here} current={sort} />
      <ListSection
        frame={frame}
        id="public"
        title="Public documents"
        page={publicPage}
        empty="There are no public documents yet."
      />
    </Layout>
  );
}
