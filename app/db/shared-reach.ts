/**
 * Which rows a user may have been given, as SQL conditions: the candidates that lists offer the
 * policy, which then decides each one (a candidate is never shown on this condition alone). A
 * document is shared with a user directly, through a group they belong to, or through a folder
 * above it — at any depth — shared with them or one of their groups.
 */
import type { postgres } from '@gatehousejs/engine/postgres';
import type { Queryable } from './connection.ts';

/** The folders shared with `userId` (directly or through a group) and every folder inside them. */
export function foldersReachedBy(db: Queryable, userId: string): postgres.PendingQuery<postgres.Row[]> {
  // The schema bounds nesting at 32 levels and forbids cycles, so the recursion ends.
  return db`
    WITH RECURSIVE reach (id) AS (
      SELECT fs.folder_id FROM folder_shares fs
      WHERE fs.user_id = ${userId}
         OR fs.group_id IN (SELECT m.group_id FROM group_members m WHERE m.user_id = ${userId})
      UNION
      SELECT f.id FROM folders f JOIN reach r ON f.parent_folder_id = r.id
    )
    SELECT id FROM reach`;
}

/** Document `d` was shared with `userId`: directly, through a group, or through a folder above it. */
export function documentSharedWith(db: Queryable, userId: string): postgres.PendingQuery<postgres.Row[]> {
  return db`(
    EXISTS (SELECT 1 FROM shares s WHERE s.document_id = d.id AND s.user_id = ${userId})
    OR EXISTS (
      SELECT 1 FROM document_group_shares gs JOIN group_members m ON m.group_id = gs.group_id
      WHERE gs.document_id = d.id AND m.user_id = ${userId})
    OR d.folder_id IN (${foldersReachedBy(db, userId)})
  )`;
}
