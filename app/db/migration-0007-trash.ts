/**
 * Migration 7: the trash. A deleted document keeps its row, marked with when and by whom it was
 * trashed, until it is restored or purged; every query of live documents reads `trashed_at IS NULL`.
 * A folder may be deleted while trashed documents still name it: they then return to no folder.
 */
import type { Migration } from './migration.ts';

const sql = String.raw;

/** `documents.trashed_at`, `documents.trashed_by`, and the folder-deletion rule for trashed documents. */
export const trashMigration: Migration = {
  version: 7,
  name: 'trash',
  sql: sql`
ALTER TABLE documents ADD COLUMN trashed_at timestamptz;
ALTER TABLE documents ADD COLUMN trashed_by text REFERENCES users (id);
ALTER TABLE documents ADD CONSTRAINT documents_trashed_by_check
  CHECK ((trashed_at IS NULL) = (trashed_by IS NULL));
CREATE INDEX documents_trashed_idx ON documents (owner_id, trashed_at, id) WHERE trashed_at IS NOT NULL;

CREATE FUNCTION folders_release_trashed_documents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE documents SET folder_id = NULL WHERE folder_id = OLD.id AND trashed_at IS NOT NULL;
  RETURN OLD;
END
$$;
CREATE TRIGGER folders_release_trashed_documents BEFORE DELETE ON folders
  FOR EACH ROW EXECUTE FUNCTION folders_release_trashed_documents();
`,
};
