/**
 * Migration 11: folder shares (with a user or a group) and document shares with a group. A share
 * of a folder reaches everything inside it through the directory (`parent->…`); rows go with the
 * folder, document or group they name.
 */
import type { Migration } from './migration.ts';

const sql = String.raw;

/** The `folder_shares` and `document_group_shares` tables. */
export const objectSharesMigration: Migration = {
  version: 11,
  name: 'object-shares',
  sql: sql`
CREATE TABLE folder_shares (
  folder_id integer NOT NULL REFERENCES folders (id) ON DELETE CASCADE,
  user_id text REFERENCES users (id),
  group_id integer REFERENCES groups (id) ON DELETE CASCADE,
  permission text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT folder_shares_subject_check CHECK ((user_id IS NULL) <> (group_id IS NULL)),
  CONSTRAINT folder_shares_permission_check CHECK (permission IN ('read', 'write'))
);
CREATE UNIQUE INDEX folder_shares_user_key ON folder_shares (folder_id, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX folder_shares_group_key ON folder_shares (folder_id, group_id) WHERE group_id IS NOT NULL;
CREATE INDEX folder_shares_user_id_idx ON folder_shares (user_id);
CREATE INDEX folder_shares_group_id_idx ON folder_shares (group_id);

CREATE FUNCTION folder_shares_check_not_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM folders f WHERE f.id = NEW.folder_id AND f.owner_id = NEW.user_id) THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', TABLE = 'folder_shares', COLUMN = 'user_id',
      CONSTRAINT = 'folder_shares_user_id_check',
      MESSAGE = 'a folder cannot be shared with its owner';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER folder_shares_check_not_owner BEFORE INSERT OR UPDATE ON folder_shares
  FOR EACH ROW EXECUTE FUNCTION folder_shares_check_not_owner();

CREATE TABLE document_group_shares (
  document_id integer NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  permission text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT document_group_shares_pkey PRIMARY KEY (document_id, group_id),
  CONSTRAINT document_group_shares_permission_check CHECK (permission IN ('read', 'write'))
);
CREATE INDEX document_group_shares_group_id_idx ON document_group_shares (group_id);
`,
};
