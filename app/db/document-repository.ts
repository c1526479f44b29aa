/**
 * Documents: named text owned by a user, optionally in a folder, optionally public. Only live
 * documents: one in the trash is invisible to every statement here (see `trash-repository.ts`).
 */
import type { Queryable } from './connection.ts';
import { DatabaseError, withDatabaseErrors } from './database-error.ts';
import { type DocumentRow, toDocument, toSummary } from './document-row.ts';
import { saveDocument } from './document-save.ts';
import { isRowId, type Page, resolvePage } from './page.ts';
import { listReadable } from './readable-listing.ts';
import { documentSharedWith } from './shared-reach.ts';

/** A document row. */
export interface Document {
  readonly id: number;
  readonly name: string;
  readonly content: string;
  readonly ownerId: string;
  readonly folderId: number | null;
  readonly isPublic: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** The number of the latest version of its name and text (see the history). */
  readonly version: number;
  /**
   * Counts every change (name, text, folder, visibility): a save made from an older revision is
   * refused ({@link DocumentRepository.update}'s `expectedRevision`).
   */
  readonly revision: number;
}

/** A new document; `content` default `''`, `isPublic` default `false`. */
export interface DocumentInput {
  readonly name: string;
  readonly content?: string;
  readonly ownerId: string;
  readonly folderId?: number | null;
  readonly isPublic?: boolean;
}

/** Fields of a document that may change; absent fields stay as they are. */
export interface DocumentPatch {
  readonly name?: string;
  readonly content?: string;
  readonly folderId?: number | null;
  readonly isPublic?: boolean;
}

/** What {@link DocumentRepository.update} changed. */
export interface DocumentUpdate {
  readonly before: Document;
  readonly after: Document;
  /** The version recorded, or `undefined` when neither name nor text changed. */
  readonly version: number | undefined;
}

/** A save refused because the document changed since the revision it was made from. */
export interface StaleDocument {
  /** The document as it is now. */
  readonly stale: Document;
}

/** What {@link DocumentRepository.update} did: saved, or refused as stale. */
export type DocumentSaveResult = DocumentUpdate | StaleDocument;

/** Filters of {@link DocumentRepository.list}; every given filter must hold. */
export interface DocumentFilter extends Page {
  readonly ownerId?: string;
  /** `null`: documents in no folder. */
  readonly folderId?: number | null;
  readonly isPublic?: boolean;
  /** Only these ids (at most 1000). */
  readonly ids?: readonly number[];
}

/** A document without its content, for lists. */
export type DocumentSummary = Omit<Document, 'content' | 'version' | 'revision'>;

/**
 * Documents a user may be able to read by the data: owned by, shared with, or public (only
 * public ones without a user). The directory mirrors exactly these facts; the policy decides.
 */
export interface AccessibleFilter extends Pick<Page, 'afterId' | 'limit'> {
  /** The user, or `undefined` for a request without one. */
  readonly userId: string | undefined;
  /**
   * The documents the directory grants the user (its graph search): when given, the list holds
   * exactly these (of the live ones), instead of the owned, shared and public ones by the data.
   */
  readonly readableIds?: readonly number[];
}

/** Statements on `documents`. */
export interface DocumentRepository {
  create(document: DocumentInput): Promise<Document>;
  get(id: number): Promise<Document | undefined>;
  /** Reads and locks the row until the transaction ends (use within `withTransaction`). */
  getForUpdate(id: number): Promise<Document | undefined>;
  /**
   * Applies `patch`, sets `updated_at` and, when the name or text changed, records the next
   * version by `changedBy`: one statement, atomic without a transaction. `undefined` when the
   * document does not exist; `{ stale }` (nothing changed) when `expectedRevision` is given and the
   * document is at another revision.
   */
  update(id: number, patch: DocumentPatch, changedBy: string): Promise<DocumentUpdate | undefined>;
  update(
    id: number,
    patch: DocumentPatch,
    changedBy: string,
    expectedRevision: number | undefined,
  ): Promise<DocumentSaveResult | undefined>;
  /** Returns the deleted document (its shares go with it). */
  delete(id: number): Promise<Document | undefined>;
  /** Ordered by id. */
  list(filter?: DocumentFilter): Promise<Document[]>;
  /** Owned, shared or public documents (see {@link AccessibleFilter}), ordered by id, without content. */
  listAccessible(filter: AccessibleFilter): Promise<DocumentSummary[]>;
}

function checkFolder(folderId: number | null | undefined): void {
  if (folderId != null && !isRowId(folderId)) {
    throw new DatabaseError('invalid', 'folder_id must be a folder id', { field: 'folder_id' });
  }
}

/** The document repository over a pool or a transaction. */
export function createDocumentRepository(db: Queryable): DocumentRepository {
  const columns = db`id, name, content, owner_id, folder_id, is_public, created_at, updated_at, version, revision`;
  const get = (id: number) =>
    withDatabaseErrors('get document', async () => {
      if (!isRowId(id)) return undefined;
      const [row] = await db<
        DocumentRow[]
      >`SELECT ${columns} FROM documents WHERE id = ${id} AND trashed_at IS NULL`;
      return row && toDocument(row);
    });
  return {
    getForUpdate: (id) =>
      withDatabaseErrors('lock document', async () => {
        if (!isRowId(id)) return undefined;
        const [row] = await db<
          DocumentRow[]
        >`SELECT ${columns} FROM documents WHERE id = ${id} AND trashed_at IS NULL FOR UPDATE`;
        return row && toDocument(row);
      }),
    listAccessible: (filter) =>
      withDatabaseErrors('list documents', async () => {
        const { limit, afterId } = resolvePage(filter);
        if (filter.readableIds) return listReadable(db, filter.readableIds, afterId, limit);
        const reach =
          filter.userId === undefined
            ? db`d.is_public`
            : db`(d.is_public OR d.owner_id = ${filter.userId} OR ${documentSharedWith(db, filter.userId)})`;
        const rows = await db<Omit<DocumentRow, 'content'>[]>`
          SELECT d.id, d.name, d.owner_id, d.folder_id, d.is_public, d.created_at, d.updated_at
          FROM documents d WHERE d.id > ${afterId} AND d.trashed_at IS NULL AND ${reach} ORDER BY d.id LIMIT ${limit}`;
        return rows.map(toSummary);
      }),
    create: (document) =>
      withDatabaseErrors('create document', async () => {
        checkFolder(document.folderId);
        const [row] = await db<DocumentRow[]>`
          INSERT INTO documents (name, content, owner_id, folder_id, is_public)
          VALUES (${document.name}, ${document.content ?? ''}, ${document.ownerId},
                  ${document.folderId ?? null}, ${document.isPublic ?? false})
          RETURNING ${columns}`;
        return toDocument(row!);
      }),
    get,
    // Without an expected revision the save is never stale: the first overload's answer.
    update: ((id: number, patch: DocumentPatch, changedBy: string, expectedRevision?: number) =>
      withDatabaseErrors('update document', async () => {
        checkFolder(patch.folderId);
        if (!isRowId(id)) return undefined;
        return saveDocument(db, id, patch, changedBy, expectedRevision);
      })) as DocumentRepository['update'],
    delete: (id) =>
      withDatabaseErrors('delete document', async () => {
        if (!isRowId(id)) return undefined;
        const [row] = await db<
          DocumentRow[]
        >`DELETE FROM documents WHERE id = ${id} AND trashed_at IS NULL RETURNING ${columns}`;
        return row && toDocument(row);
      }),
    list: (filter = {}) =>
      withDatabaseErrors('list documents', async () => {
        const { limit, offset, afterId } = resolvePage(filter);
        checkFolder(filter.folderId);
        if (filter.ids && (filter.ids.length > 1000 || !filter.ids.every(isRowId))) {
          throw new DatabaseError('invalid', 'ids must be at most 1000 document ids', { field: 'ids' });
        }
        const conditions = [
          filter.ownerId === undefined ? db`` : db`AND owner_id = ${filter.ownerId}`,
          filter.folderId === undefined
            ? db``
            : filter.folderId === null
              ? db`AND folder_id IS NULL`
              : db`AND folder_id = ${filter.folderId}`,
          filter.isPublic === undefined ? db`` : db`AND is_public = ${filter.isPublic}`,
          filter.ids === undefined ? db`` : db`AND id = ANY(${db.array([...filter.ids])}::integer[])`,
        ];
        const rows = await db<DocumentRow[]>`
          SELECT ${columns} FROM documents WHERE id > ${afterId} AND trashed_at IS NULL ${conditions}
          ORDER BY id LIMIT ${limit} OFFSET ${offset}`;
        return rows.map(toDocument);
      }),
  };
}
