/**
 * Versions of documents: each saved name and text with who saved it and when, numbered from 1 by
 * the document's own counter (`documents.version`). A change of name or text records its version
 * in the same statement (`DocumentRepository.update`); a new document's first version is recorded
 * here, in the transaction that creates it.
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
  /** Saves version `version` of the document (its counter's value: 1 for a new document). */
  record(
    documentId: number,
    version: number,
    state: { name: string; content: string },
    changedBy: string,
  ): Promise<void>;
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
    record: (documentId, version, state, changedBy) =>
      withDatabaseErrors('save document version', async () => {
        await db`
          INSERT INTO document_versions (document_id, version, name, content, changed_by)
          VALUES (${documentId}, ${version}, ${state.name}, ${state.content}, ${changedBy})`;
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
