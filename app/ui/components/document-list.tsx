/**
 * A list of documents: each a link to its page with its folder, visibility, who has access as the
 * reader may know it (the owner sees "Shared with N"; others see the owner's name and, for a
 * share, whether they can read or edit), and its last change.
 */
import type { DocumentSummary, Folder, ListedDocument } from '../../db/index.ts';
import { DateTime } from './date-time.tsx';

/** A listed document; the access fields are present when the list knows them. */
export type DocumentListItem = DocumentSummary &
  Partial<Pick<ListedDocument, 'ownerName' | 'sharedAs' | 'shareCount'>>;

/** Props of {@link DocumentList}. */
export interface DocumentListProps {
  readonly documents: readonly DocumentListItem[];
  /** Shown when the list is empty. */
  readonly empty: string;
  /** Folders by id, to name a document's folder when the reader may see it. */
  readonly folders?: ReadonlyMap<number, Folder>;
  /** The reader's id: their own documents show whom they are shared with, others' their owner. */
  readonly readerId?: string;
}

/** "Can read" / "Can edit" for a share, "Shared with N" for the owner. */
function AccessBadges({ document, own }: { readonly document: DocumentListItem; readonly own: boolean }) {
  if (own) {
    const count = document.shareCount ?? 0;
    return count > 0 ? (
      <span class="badge">{count === 1 ? 'Shared with 1 person' : `Shared with ${count} people`}</span>
    ) : null;
  }
  return (
    <>
      {document.sharedAs ? (
        <span class={`badge ${document.sharedAs}`}>
          {document.sharedAs === 'write' ? 'Can edit' : 'Can read'}
        </span>
      ) : null}
      {document.ownerName ? <span class="owner">{`Owner: ${document.ownerName}`}</span> : null}
    </>
  );
}

/** The list, or the `empty` sentence. */
export function DocumentList({ documents, empty, folders, readerId }: DocumentListProps) {
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
              {document.isPublic ? <span class="badge">Public</span> : null}{' '}
              <AccessBadges
                document={document}
                own={readerId !== undefined && document.ownerId === readerId}
              />{' '}
              Changed <DateTime date={document.updatedAt} />
            </p>
          </li>
        );
      })}
    </ul>
  );
}
