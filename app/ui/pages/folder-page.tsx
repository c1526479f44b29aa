/**
 * A folder as a place: breadcrumbs to it, its subfolders and documents as links, and the actions
 * the owner's permissions allow (new document or folder inside it, rename or move, delete when
 * empty).
 */
import type { Folder } from '../../db/index.ts';
import type { FolderContents } from '../../services/index.ts';
import { DocumentList } from '../components/document-list.tsx';
import { Layout } from '../components/layout.tsx';
import type { PageFrame } from '../page-frame.ts';

/** What the reader may do with the folder. */
export interface FolderActions {
  readonly can_write: boolean;
  readonly can_delete: boolean;
}

/** Props of {@link FolderPage}. */
export interface FolderPageProps {
  readonly frame: PageFrame;
  readonly contents: FolderContents;
  readonly can: FolderActions;
}

/** The trail from the start page to `current`, for orientation (`aria-current` on the last). */
export function Breadcrumbs({
  path,
  current,
}: {
  readonly path: readonly Folder[];
  readonly current: string;
}) {
  return (
    <nav aria-label="Breadcrumb">
      <ol class="breadcrumbs">
        <li>
          <a href="/">Your documents</a>
        </li>
        {path.map((folder) => (
          <li>
            <a href={`/folders/${folder.id}`}>{folder.name}</a>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}

/** The folder page. */
export function FolderPage({ frame, contents, can }: FolderPageProps) {
  const { folder } = contents;
  const base = `/folders/${folder.id}`;
  return (
    <Layout frame={frame} title={folder.name}>
      <Breadcrumbs path={contents.path} current={folder.name} />
      <div class="page-head">
        <div>
          <h1>{folder.name}</h1>
          <p class="meta">Folder</p>
        </div>
        {can.can_write || can.can_delete ? (
          <nav aria-label="Folder actions">
            <ul class="actions">
              {can.can_write ? (
                <>
                  <li>
                    <a class="button" href={`/documents/new?folder_id=${folder.id}`}>
                      New document here
                    </a>
                  </li>
                  <li>
                    <a class="button secondary" href={`/folders/new?parent_folder_id=${folder.id}`}>
                      New folder here
                    </a>
                  </li>
                  <li>
                    <a class="button secondary" href={`${base}/edit`}>
                      Rename or move
                    </a>
                  </li>
                </>
              ) : null}
              {can.can_delete ? (
                <li>
                  <a class="button secondary" href={`${base}/shares`}>
                    Share
                  </a>
                </li>
              ) : null}
              {can.can_delete && contents.empty ? (
                <li>
                  <a class="button danger" href={`${base}/delete`}>
                    Delete
                  </a>
                </li>
              ) : null}
            </ul>
          </nav>
        ) : null}
      </div>
      <section aria-labelledby="subfolders-heading">
        <h2 id="subfolders-heading">Folders</h2>
        {contents.folders.length === 0 ? (
          <p class="empty">No folders inside.</p>
        ) : (
          <ul class="item-list">
            {contents.folders.map((sub) => (
              <li>
                <a href={`/folders/${sub.id}`}>{sub.name}</a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="documents-heading">
        <h2 id="documents-heading">Documents</h2>
        <DocumentList documents={contents.documents} empty="No documents in this folder." />
      </section>
      {can.can_delete && !contents.empty ? (
        <p class="meta">To delete this folder, first move or delete what it holds.</p>
      ) : null}
    </Layout>
  );
}
