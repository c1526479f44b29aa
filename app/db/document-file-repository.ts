/**
 * Files of documents (images and attachments). Every statement joins the live document: a file of
 * a document in the trash is invisible here (it comes back with the document), and a file is only
 * ever found through the document it belongs to, so an id of another document's file finds
 * nothing.
 */
import type { Queryable } from './connection.ts';
import { withDatabaseErrors } from './database-error.ts';
import { isRowId } from './page.ts';

/** A file's description, without its content. */
export interface DocumentFile {
  readonly id: number;
  readonly documentId: number;
  readonly name: string;
  /** The type detected from the content when it was uploaded. */
  readonly mediaType: string;
  /** Bytes. */
  readonly size: number;
  /** Hex SHA-256 of the content (the answer's `ETag`). */
  readonly sha256: string;
  readonly uploadedBy: string;
  readonly createdAt: Date;
}

/** A file with its bytes. */
export interface DocumentFileContent extends DocumentFile {
  readonly content: Uint8Array;
}

/** A file to store. */
export interface DocumentFileInput {
  readonly documentId: number;
  readonly name: string;
  readonly mediaType: string;
  readonly sha256: string;
  readonly content: Uint8Array;
  readonly uploadedBy: string;
}

/** Statements on files. */
export interface DocumentFileRepository {
  /** The live document's files, by name (at most `limit`). */
  list(documentId: number, limit: number): Promise<DocumentFile[]>;
  /** One file of a live document; `undefined` when either is missing or the file is another document's. */
  get(documentId: number, fileId: number): Promise<DocumentFileContent | undefined>;
  /**
   * Stores a file of a live document holding fewer than `maxFiles` files; `'document_missing'` or
   * `'too_many'` otherwise. Run it in a transaction: the document row is locked from the count to
   * the insert, so concurrent uploads count right.
   * A taken name is a `conflict` DatabaseError (field `name`).
   */
  add(input: DocumentFileInput, maxFiles: number): Promise<DocumentFile | 'document_missing' | 'too_many'>;
  /** Deletes one file of a live document; false when there was none. */
  remove(documentId: number, fileId: number): Promise<boolean>;
}

interface Row {
  id: number;
  document_id: number;
  name: string;
  media_type: string;
  size: number;
  sha256: string;
  uploaded_by: string;
  created_at: Date;
}

function toFile(row: Row): DocumentFile {
  return {
    id: row.id,
    documentId: row.document_id,
    name: row.name,
    mediaType: row.media_type,
    size: row.size,
    sha256: row.sha256,
    uploadedBy: row.uploaded_by,
    createdAt: row.created_at,
  };
}

/** The file repository over a pool or a transaction. */
export function createDocumentFileRepository(db: Queryable): DocumentFileRepository {
  const columns = db`f.id, f.document_id, f.name, f.media_type, f.size, f.sha256, f.uploaded_by, f.created_at`;
  return {
    list: (documentId, limit) =>
      withDatabaseErrors('list files', async () => {
        if (!isRowId(documentId)) return [];
        const rows = await db<Row[]>`
          SELECT ${columns} FROM document_files f JOIN documents d ON d.id = f.document_id
          WHERE f.document_id = ${documentId} AND d.trashed_at IS NULL
          ORDER BY lower(f.name), f.id LIMIT ${limit}`;
        return rows.map(toFile);
      }),
    get: (documentId, fileId) =>
      withDatabaseErrors('get file', async () => {
        if (!isRowId(documentId) || !isRowId(fileId)) return undefined;
        const [row] = await db<(Row & { content: Uint8Array })[]>`
          SELECT ${columns}, f.content FROM document_files f JOIN documents d ON d.id = f.document_id
          WHERE f.id = ${fileId} AND f.document_id = ${documentId} AND d.trashed_at IS NULL`;
        return row && { ...toFile(row), content: new Uint8Array(row.content) };
      }),
    add: (input, maxFiles) =>
      withDatabaseErrors('store file', async () => {
        if (!isRowId(input.documentId)) return 'document_missing';
        const [document] = await db`
          SELECT id FROM documents WHERE id = ${input.documentId} AND trashed_at IS NULL FOR UPDATE`;
        if (!document) return 'document_missing';
        // Counted by a statement of its own, after the lock: its snapshot sees every upload that
        // committed while this one waited (a subquery of the locking statement would not).
        const [counted] = await db<{ files: number }[]>`
          SELECT count(*)::int AS files FROM document_files WHERE document_id = ${input.documentId}`;
        if ((counted?.files ?? 0) >= maxFiles) return 'too_many';
        const [row] = await db<Row[]>`
          INSERT INTO document_files AS f (document_id, name, media_type, size, sha256, content, uploaded_by)
          VALUES (${input.documentId}, ${input.name}, ${input.mediaType}, ${input.content.byteLength},
                  ${input.sha256}, ${Buffer.from(input.content.buffer, input.content.byteOffset, input.content.byteLength)},
                  ${input.uploadedBy})
          RETURNING ${columns}`;
        if (!row) throw new Error('INSERT … RETURNING returned no row');
        return toFile(row);
      }),
    remove: (documentId, fileId) =>
      withDatabaseErrors('delete file', async () => {
        if (!isRowId(documentId) || !isRowId(fileId)) return false;
        const rows = await db`
          DELETE FROM document_files f USING documents d
          WHERE f.id = ${fileId} AND f.document_id = ${documentId} AND d.id = f.document_id
            AND d.trashed_at IS NULL
          RETURNING f.id`;
        return rows.length === 1;
      }),
  };
}
