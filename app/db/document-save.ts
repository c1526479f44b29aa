/**
 * Saving changes to a document with its version, in one statement: the row is locked, changed,
 * its revision counter (`documents.revision`, migration 9) moved on when anything changed, its
 * version counter (`documents.version`, migration 8) when the name or text changed, and that
 * version recorded — atomic on its own, so a change of name or text needs no transaction (and none
 * of its round trips). A save made from an older revision than the current one changes nothing
 * and answers with the current document instead (optimistic concurrency: no lost update).
 */
import type { Queryable } from './connection.ts';
import type { DocumentPatch, DocumentSaveResult } from './document-repository.ts';
import { type DocumentRow, toDocument } from './document-row.ts';

type OldColumns = {
  [K in keyof DocumentRow as `old_${K & string}`]: DocumentRow[K];
};
/** The locked row as it was (`old_…`), and the saved row (all null when nothing was saved). */
type SaveRow = OldColumns & { [K in keyof DocumentRow]: DocumentRow[K] | null };

function oldDocument(row: SaveRow) {
  return toDocument({
    id: row.old_id,
    name: row.old_name,
    content: row.old_content,
    owner_id: row.old_owner_id,
    folder_id: row.old_folder_id,
    is_public: row.old_is_public,
    created_at: row.old_created_at,
    updated_at: row.old_updated_at,
    version: row.old_version,
    revision: row.old_revision,
  });
}

/**
 * Applies `patch` to the live document `id` (a row id), recording the next version by `changedBy`
 * when its name or text changed; `undefined` when there is no such document.
 *
 * @param expectedRevision the revision the change was made from; when the document has moved on
 *   since, nothing changes and the answer is `{ stale: current document }`
 */
export async function saveDocument(
  db: Queryable,
  id: number,
  patch: DocumentPatch,
  changedBy: string,
  expectedRevision?: number,
): Promise<DocumentSaveResult | undefined> {
  // Name and text are sent once (they may be long) and are never null: null stands for absent.
  // Folder and visibility: every column is set, an absent one to itself.
  const folderId = patch.folderId === undefined ? db`d.folder_id` : db`${patch.folderId}::integer`;
  const isPublic = patch.isPublic === undefined ? db`d.is_public` : db`${patch.isPublic}::boolean`;
  // `old` locks the row and, in READ COMMITTED, reads its newest committed state; the update's
  // SET sees that same state (`d`), so the counters never repeat under concurrent saves.
  const [row] = await db<SaveRow[]>`
    WITH input AS (
      SELECT ${patch.name ?? null}::text AS name, ${patch.content ?? null}::text AS content,
        ${expectedRevision ?? null}::integer AS expected
    ), old AS (
      SELECT id, name, content, owner_id, folder_id, is_public, created_at, updated_at, version, revision
      FROM documents WHERE id = ${id} AND trashed_at IS NULL FOR UPDATE
    ), change AS (
      SELECT old.id,
        (input.name <> old.name OR input.content <> old.content) AS text_changed,
        (input.name <> old.name OR input.content <> old.content
          OR ${folderId} IS DISTINCT FROM d.folder_id OR ${isPublic} <> d.is_public) AS changed
      FROM old JOIN documents d ON d.id = old.id, input
      WHERE input.expected IS NULL OR input.expected = old.revision
    ), saved AS (
      UPDATE documents d
      SET name = coalesce(input.name, d.name), content = coalesce(input.content, d.content),
        folder_id = ${folderId}, is_public = ${isPublic},
        updated_at = CASE WHEN change.changed THEN greatest(now(), d.created_at) ELSE d.updated_at END,
        version = d.version + CASE WHEN change.text_changed THEN 1 ELSE 0 END,
        revision = d.revision + CASE WHEN change.changed THEN 1 ELSE 0 END
      FROM change, input WHERE d.id = change.id AND d.trashed_at IS NULL
      RETURNING d.id, d.name, d.content, d.owner_id, d.folder_id, d.is_public, d.created_at, d.updated_at,
        d.version, d.revision
    ), recorded AS (
      INSERT INTO document_versions (document_id, version, name, content, changed_by)
      SELECT saved.id, saved.version, saved.name, saved.content, ${changedBy}
      FROM saved, old WHERE saved.version > old.version
    )
    SELECT old.id AS old_id, old.name AS old_name, old.content AS old_content, old.owner_id AS old_owner_id,
      old.folder_id AS old_folder_id, old.is_public AS old_is_public, old.created_at AS old_created_at,
      old.updated_at AS old_updated_at, old.version AS old_version, old.revision AS old_revision, saved.*
    FROM old LEFT JOIN saved ON true`;
  if (!row) return undefined;
  const before = oldDocument(row);
  if (row.id === null) return { stale: before };
  const after = toDocument(row as DocumentRow);
  return { before, after, version: after.version > before.version ? after.version : undefined };
}
