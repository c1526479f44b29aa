/**
 * A list of documents, one row layout wherever documents are listed (start page, folders, search):
 * each a link to its page, then — on one line, parts set apart by " · " — its folder, visibility,
 * who has access as the reader may know it (the owner sees "Shared with N"; others see whether a
 * share lets them read or edit, and the owner's name), and its last change. Search results add the
 * matches marked in the name and a passage of the text as plain words (no Markdown syntax).
 */
import type { Child } from 'hono/jsx';
import type { DocumentSummary, Folder, ListedDocument } from '../../db/index.ts';
import { highlightPieces } from '../../services/index.ts';
import { markdownPlainText } from '../markdown/index.ts';
import { DateTime } from './date-time.tsx';

/** A listed document; the access fields and the search headline are present when the list knows them. */
export type DocumentListItem = DocumentSummary &
  Partial<Pick<ListedDocument, 'ownerName' | 'sharedAs' | 'shareCount' | 'headline'>>;

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

/** A search headline's text with its matches in `<mark>`. */
function Highlighted({ marked }: { readonly marked: string }) {
  return (
    <>{highlightPieces(marked).map((piece) => (piece.match ? <mark>{piece.text}</mark> : piece.text))}</>
  );
}

/** The parts of a row's second line, in order. */
function metaParts(document: DocumentListItem, own: boolean, folder: Folder | undefined): Child[] {
  const parts: Child[] = [];
  if (folder) parts.push(`In ${folder.name}`);
  if (document.isPublic) parts.push(<span class="badge">Public</span>);
  if (own) {
    const count = document.shareCount ?? 0;
    if (count > 0) {
      parts.push(
        <span class="badge">{count === 1 ? 'Shared with 1 person' : `Shared with ${count} people`}</span>,
      );
    }
  } else {
    if (document.sharedAs) {
      parts.push(
        <span class={`badge ${document.sharedAs}`}>
          {document.sharedAs === 'write' ? 'Can edit' : 'Can read'}
        </span>,
      );
    }
    if (document.ownerName) parts.push(<span class="owner">{`Owner: ${document.ownerName}`}</span>);
  }
  parts.push(
    <>
      Changed <DateTime date={document.updatedAt} />
    </>,
  );
  return parts.flatMap((part, index) => (index === 0 ? [part] : [' · ', part]));
}

/** The list, or the `empty` sentence. */
export function DocumentList({ documents, empty, folders, readerId }: DocumentListProps) {
  if (documents.length === 0) return <p class="empty">{empty}</p>;
  return (
    <ul class="item-list">
      {documents.map((document) => {
        const folder = document.folderId === null ? undefined : folders?.get(document.folderId);
        const own = readerId !== undefined && document.ownerId === readerId;
        const passage = document.headline ? markdownPlainText(document.headline.text) : '';
        return (
          <li>
            <a href={`/documents/${document.id}`}>
              {document.headline ? <Highlighted marked={document.headline.name} /> : document.name}
            </a>
            {passage === '' ? null : (
              <p class="passage">
                <Highlighted marked={passage} />
              </p>
            )}
            <p class="meta">{metaParts(document, own, folder)}</p>
          </li>
        );
      })}
    </ul>
  );
}
