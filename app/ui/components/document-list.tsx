/**
 * A list of documents: each a link to its page with its folder, visibility and last change.
 */
import type { DocumentSummary, Folder } from '../../db/index.ts';
import { DateTime } from './date-time.tsx';

/** Props of {@link DocumentList}. */
export interface DocumentListProps {
  readonly documents: readonly DocumentSummary[];
  /** Shown when the list is empty. */
  readonly empty: string;
  /** Folders by id, to name a document's folder when the reader may see it. */
  readonly folders?: ReadonlyMap<number, Folder>;
}

/** The list, or the `empty` sentence. */
export function DocumentList({ documents, empty, folders }: DocumentListProps) {
  if (documents.length === 0) return <p class="empty">{empty}</p>;
  return (
    <ul class="item-list">
      {documents.map((document) => {
        const folder = document.folderId === null ? undefined : folders?.get(document.folderId);
        return (
          <li>
            <a href={`/documents/${document.id}`}>{document.name}</a>
            <p class="meta">
              {folder ? <>In {folder.name} · </> : null}
              {document.isPublic ? <span class="badge">Public</span> : null}
              {document.isPublic ? ' ' : null}
              Changed <DateTime date={document.updatedAt} />
            </p>
          </li>
        );
      })}
    </ul>
  );
}
