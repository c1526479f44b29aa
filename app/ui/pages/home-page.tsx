/**
 * The start page. Signed in: the user's documents (own, shared with them, public) and folders,
 * with "New document" and "New folder" when the policy allows them. Without a session: what
 * Gatehouse is, a sign-in button, and the public documents.
 */
import type { DocumentSummary, Folder } from '../../db/index.ts';
import { DocumentList } from '../components/document-list.tsx';
import { Layout } from '../components/layout.tsx';
import type { PageFrame } from '../page-frame.ts';
import { signInPath } from '../page-paths.ts';

/** Props of {@link HomePage}. */
export interface HomePageProps {
  readonly frame: PageFrame;
  /** The documents the user may read (one page of them). */
  readonly documents: readonly DocumentSummary[];
  /** The user's folders (empty without a session). */
  readonly folders: readonly Folder[];
  /** Link to the next page of documents, when there may be more. */
  readonly nextPage: string | undefined;
  /** Which creation pages the policy lets the user open. */
  readonly can: { readonly createDocument: boolean; readonly createFolder: boolean };
}

function NextPage({ href }: { readonly href: string | undefined }) {
  return href ? (
    <p>
      <a href={href}>More documents</a>
    </p>
  ) : null;
}

/** The start page of a signed-in user. */
export function HomePage({ frame, documents, folders, nextPage, can }: HomePageProps) {
  const sub = frame.user?.sub;
  const byId = new Map(folders.map((f) => [f.id, f]));
  const own = documents.filter((d) => d.ownerId === sub);
  const shared = documents.filter((d) => d.ownerId !== sub && !d.isPublic);
  const others = documents.filter((d) => d.ownerId !== sub && d.isPublic);
  const counts = new Map<number, number>();
  for (const d of own) if (d.folderId !== null) counts.set(d.folderId, (counts.get(d.folderId) ?? 0) + 1);
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
      <section aria-labelledby="own-heading">
        <h2 id="own-heading">Yours</h2>
        <DocumentList documents={own} folders={byId} empty="You have no documents yet." />
      </section>
      <section aria-labelledby="shared-heading">
        <h2 id="shared-heading">Shared with you</h2>
        <DocumentList documents={shared} empty="Nobody has shared a document with you yet." />
      </section>
      <section aria-labelledby="public-heading">
        <h2 id="public-heading">Public documents</h2>
        <DocumentList documents={others} empty="No public documents from other people." />
      </section>
      <NextPage href={nextPage} />
      <section aria-labelledby="folders-heading">
        <h2 id="folders-heading">Your folders</h2>
        {folders.length === 0 ? (
          <p class="empty">You have no folders yet.</p>
        ) : (
          <ul class="item-list">
            {folders.map((folder) => {
              const parent = folder.parentFolderId === null ? undefined : byId.get(folder.parentFolderId);
              const count = counts.get(folder.id) ?? 0;
              return (
                <li>
                  <strong>{folder.name}</strong>
                  <p class="meta">
                    {parent ? <>In {parent.name} · </> : null}
                    {count === 1 ? '1 document' : `${count} documents`}
                  </p>
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
  documents,
  nextPage,
}: Pick<HomePageProps, 'frame' | 'documents' | 'nextPage'>) {
  return (
    <Layout frame={frame} title="Welcome">
      <h1>Gatehouse documents</h1>
      <p class="lead">Write documents, keep them in folders, and share them with the people who need them.</p>
      <p>
        <a class="button" href={signInPath('/')}>
          Sign in
        </a>
      </p>
      <section aria-labelledby="public-heading">
        <h2 id="public-heading">Public documents</h2>
        <DocumentList documents={documents} empty="There are no public documents yet." />
      </section>
      <NextPage href={nextPage} />
    </Layout>
  );
}
