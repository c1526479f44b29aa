/**
 * Versions of documents: each saved name and text with who saved it and when, numbered from 1.
 * Record a version inside the transaction that changes the document, after locking its row, so
 * that numbers never collide.
 */
import type { Queryable } from './connection.ts';
import { withDatabaseErrors } from './database-error.ts';
import { isRowId } from './page.ts';

/** A version of a document. */
export interface DocumentVersion {
  readonly documentId: number;
  readonly version: number;
  readonly name: string;
  readonly content: string;
  readonly changedBy: string;
  /** The display name of who saved it. */
  readonly changedByName: string;
  readonly changedAt: Date;
}

/** A version without its text, for the history list. */
export type DocumentVersionSummary = Omit<DocumentVersion, 'content'>;

/** Statements on `document_versions`. */
export interface DocumentVersionRepository {
  /** Saves the next version of the document. */
  record(documentId: number, state: { name: string; content: string }, changedBy: string): Promise<number>;
  /** Newest first. */
  list(documentId: number): Promise<DocumentVersionSummary[]>;
  get(documentId: number, version: number): Promise<DocumentVersion | undefined>;
}

type Row = {
  document_id: number;
  version: number;
  name: string;
  content: string;
  changed_by: string;
  changed_by_name: string;
  changed_at: Date;
};

function toVersion(row: Row): DocumentVersion {
  return {
    documentId: row.document_id,
    version: row.version,
    name: row.name,
    content: row.content,
    changedBy: row.changed_by,
    changedByName: row.changed_by_name,
    changedAt: row.changed_at,
  };
}

/** The version repository over a pool or a transaction. */
export function createDocumentVersionRepository(db: Queryable): DocumentVersionRepository {
  return {
    record: (documentId, state, changedBy) =>
      withDatabaseErrors('save document version', async () => {
        const [row] = await db<{ version: number }[]>`
          INSERT INTO document_versions (document_id, version, name, content, changed_by)
          SELECT ${documentId}, coalesce(max(version), 0) + 1, ${state.name}, ${state.content}, ${changedBy}
          FROM document_versions WHERE document_id = ${documentId}
          RETURNING version`;
        return row!.version;
      }),
    list: (documentId) =>
      withDatabaseErrors('list document versions', async () => {
        if (!isRowId(documentId)) return [];
        const rows = await db<Row[]>`
          SELECT v.document_id, v.version, v.name, '' AS content, v.changed_by, u.name AS changed_by_name, v.changed_at
          FROM document_versions v JOIN users u ON u.id = v.changed_by
          WHERE v.document_id = ${documentId} ORDER BY v.version DESC`;
        return rows.map((row) => {
          const { content: _content, ...summary } = toVersion(row);
          return summary;
        });
      }),
    get: (documentId, version) =>
      withDatabaseErrors('get document version', async () => {
        if (!isRowId(documentId) || !isRowId(version)) return undefined;
        const [row] = await db<Row[]>`
          SELECT v.document_id, v.version, v.name, v.content, v.changed_by, u.name AS changed_by_name, v.changed_at
          FROM document_versions v JOIN users u ON u.id = v.changed_by
          WHERE v.document_id = ${documentId} AND v.version = ${version}`;
        return row && toVersion(row);
      }),
  };
}
