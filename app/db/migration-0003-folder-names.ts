/**
 * Migration 3: a folder's name is unique among its siblings (ignoring case), so that two folders
 * in one place can always be told apart. Existing duplicates keep their name with the folder id
 * appended, the first of each keeping its own.
 */
import type { Migration } from './migration.ts';

const sql = String.raw;

/** Unique folder names within a parent (top-level folders: within their owner's). */
export const folderNamesMigration: Migration = {
  version: 3,
  name: 'folder-names',
  sql: sql`
UPDATE folders f SET name = left(f.name, 240) || ' (' || f.id || ')'
WHERE EXISTS (
  SELECT 1 FROM folders o
  WHERE o.id < f.id AND o.owner_id = f.owner_id
    AND o.parent_folder_id IS NOT DISTINCT FROM f.parent_folder_id AND lower(o.name) = lower(f.name)
);
CREATE UNIQUE INDEX folders_name_key ON folders (owner_id, coalesce(parent_folder_id, 0), lower(name));
`,
};
