/**
 * Saving changes to a document with its version, in one statement: the row is locked, changed and
 * its version counter (`documents.version`, migration 8) moved on when the name or text changed,
 * and that version recorded — atomic on its own, so a change of name or text needs no transaction
 * (and none of its round trips).
 */
import type { Queryable } from './connection.ts';
import type { DocumentPatch, DocumentUpdate } from './document-repository.ts';
import { type DocumentRow, toDocument } from './document-row.ts';

type SavedRow = DocumentRow & {
  version: number;
  old_name: string;
  old_content: string;
  old_folder_id: number | null;
  old_is_public: boolean;
  old_updated_at: Date;
  old_version: number;
};

/**
 * Applies `patch` to the live document `id` (a row id), recording the next version by `changedBy`
 * when its name or text changed; `undefined` when there is no such document.
 */
export async function saveDocument(
  db: Queryable,
  id: number,
  patch: DocumentPatch,
  changedBy: string,
): Promise<DocumentUpdate | undefined> {
  if (Object.values(patch).every((value) => value === undefined)) {
    const [row] = await db<DocumentRow[]>`
      SELECT id, name, content, owner_id, folder_id, is_public, created_at, updated_at
      FROM documents WHERE id = ${id} AND trashed_at IS NULL`;
    const document = row && toDocument(row);
    return document && { before: document, after: document, version: undefined };
  }
  // Name and text are sent once (they may be long) and are never null: null stands for absent.
  // Folder and visibility: every column is set, an absent one to itself.
  const folderId = patch.folderId === undefined ? db`d.folder_id` : db`${patch.folderId}::integer`;
  const isPublic = patch.isPublic === undefined ? db`d.is_public` : db`${patch.isPublic}::boolean`;
  // `old` locks the row and, in READ COMMITTED, reads its newest committed state; the update's
  // SET sees that same state (`d`), so the counter never repeats a version under concurrent saves.
  const [row] = await db<SavedRow[]>`
    WITH input AS (
      SELECT ${patch.name ?? null}::text AS name, ${patch.content ?? null}::text AS content
    ), old AS (
      SELECT id, name, content, folder_id, is_public, updated_at, version
      FROM documents WHERE id = ${id} AND trashed_at IS NULL FOR UPDATE
    ), saved AS (
      UPDATE documents d
      SET name = coalesce(input.name, d.name), content = coalesce(input.content, d.content),
        folder_id = ${folderId}, is_public = ${isPublic}, updated_at = greatest(now(), d.created_at),
        version = d.version + CASE WHEN input.name <> d.name OR input.content <> d.content THEN 1 ELSE 0 END
      FROM old, input WHERE d.id = old.id AND d.trashed_at IS NULL
      RETURNING d.id, d.name, d.content, d.owner_id, d.folder_id, d.is_public, d.created_at, d.updated_at,
        d.version, old.name AS old_name, old.content AS old_content, old.folder_id AS old_folder_id,
        old.is_public AS old_is_public, old.updated_at AS old_updated_at, old.version AS old_version
    ), recorded AS (
      INSERT INTO document_versions (document_id, version, name, content, changed_by)
      SELECT id, version, name, content, ${changedBy} FROM saved WHERE version > old_version
    )
    SELECT * FROM saved`;
  if (!row) return undefined;
  const after = toDocument(row);
  const before = toDocument({
    ...row,
    name: row.old_name,
    content: row.old_content,
    folder_id: row.old_folder_id,
    is_public: row.old_is_public,
    updated_at: row.old_updated_at,
  });
  return { before, after, version: row.version > row.old_version ? row.version : undefined };
}
