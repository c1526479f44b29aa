/**
 * Migration 1: the application's tables. Values are constrained here as well as in the API, so
 * that no code path can store an over-long name, an unknown permission or a folder cycle.
 * Constraint names follow `<table>_<column>_<kind>` so errors can name the column.
 */
import type { Migration } from './migration.ts';

const sql = String.raw;

/** Printable single-line text of 1–255 characters, not only blanks. */
const label = (column: string) =>
  `char_length(${column}) BETWEEN 1 AND 255 AND btrim(${column}) <> '' AND ${column} !~ '[[:cntrl:]]'`;

/** Users, folders, documents, shares, sessions and the directory outbox. */
export const schemaMigration: Migration = {
  version: 1,
  name: 'schema',
  sql: sql`
CREATE TABLE users (
  id text PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_id_check CHECK (char_length(id) BETWEEN 1 AND 255 AND id !~ '[[:cntrl:]]'),
  CONSTRAINT users_email_check CHECK (
    char_length(email) BETWEEN 3 AND 320 AND email ~ '^[^@[:space:][:cntrl:]]+@[^@[:space:][:cntrl:]]+$'),
  CONSTRAINT users_name_check CHECK (char_length(name) BETWEEN 1 AND 200 AND btrim(name) <> '' AND name !~ '[[:cntrl:]]')
);
-- Shares are addressed by e-mail, so an address identifies one user.
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE folders (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  owner_id text NOT NULL REFERENCES users (id),
  parent_folder_id integer REFERENCES folders (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT folders_name_check CHECK (${label('name')}),
  CONSTRAINT folders_parent_folder_id_check CHECK (parent_folder_id <> id)
);
CREATE INDEX folders_owner_id_idx ON folders (owner_id);
CREATE INDEX folders_parent_folder_id_idx ON folders (parent_folder_id);

-- No cycles, at most 32 levels. The lock serialises moves so two concurrent ones cannot close a loop.
CREATE FUNCTION folders_check_hierarchy() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  found_self boolean;
  levels integer;
BEGIN
  IF NEW.parent_folder_id IS NULL THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('gatehouse.folders.hierarchy'));
  WITH RECURSIVE ancestors (id, parent_folder_id, level) AS (
    SELECT f.id, f.parent_folder_id, 1 FROM folders f WHERE f.id = NEW.parent_folder_id
    UNION ALL
    SELECT f.id, f.parent_folder_id, a.level + 1
    FROM folders f JOIN ancestors a ON f.id = a.parent_folder_id
    WHERE a.id <> NEW.id AND a.level <= 32
  )
  SELECT coalesce(bool_or(id = NEW.id), false), coalesce(max(level), 0) INTO found_self, levels FROM ancestors;
  IF found_self THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', TABLE = 'folders', COLUMN = 'parent_folder_id',
      CONSTRAINT = 'folders_parent_folder_id_check',
      MESSAGE = 'a folder cannot be placed inside itself or one of its subfolders';
  END IF;
  IF levels >= 32 THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', TABLE = 'folders', COLUMN = 'parent_folder_id',
      CONSTRAINT = 'folders_parent_folder_id_check',
      MESSAGE = 'folders can be nested at most 32 levels deep';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER folders_check_hierarchy BEFORE INSERT OR UPDATE OF parent_folder_id ON folders
  FOR EACH ROW EXECUTE FUNCTION folders_check_hierarchy();

CREATE TABLE documents (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  content text NOT NULL DEFAULT '',
  owner_id text NOT NULL REFERENCES users (id),
  folder_id integer REFERENCES folders (id),
  is_public boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT documents_name_check CHECK (${label('name')}),
  CONSTRAINT documents_content_check CHECK (octet_length(content) <= 1048576),
  CONSTRAINT documents_updated_at_check CHECK (updated_at >= created_at)
);
CREATE INDEX documents_owner_id_idx ON documents (owner_id);
CREATE INDEX documents_folder_id_idx ON documents (folder_id);
CREATE INDEX documents_public_idx ON documents (id) WHERE is_public;

CREATE TABLE shares (
  document_id integer NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id),
  permission text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT shares_pkey PRIMARY KEY (document_id, user_id),
  CONSTRAINT shares_permission_check CHECK (permission IN ('read', 'write'))
);
CREATE INDEX shares_user_id_idx ON shares (user_id);

CREATE FUNCTION shares_check_not_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM documents d WHERE d.id = NEW.document_id AND d.owner_id = NEW.user_id) THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', TABLE = 'shares', COLUMN = 'user_id',
      CONSTRAINT = 'shares_user_id_check',
      MESSAGE = 'a document cannot be shared with its owner';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER shares_check_not_owner BEFORE INSERT OR UPDATE ON shares
  FOR EACH ROW EXECUTE FUNCTION shares_check_not_owner();

-- token_hash is the SHA-256 of the cookie's token: a copy of this table does not sign anyone in.
-- A row is either a signed-in session (user_id) or a sign-in in progress (pending_login).
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id text REFERENCES users (id) ON DELETE CASCADE,
  pending_login jsonb,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  CONSTRAINT sessions_token_hash_check CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  CONSTRAINT sessions_user_id_check CHECK ((user_id IS NULL) <> (pending_login IS NULL)),
  CONSTRAINT sessions_pending_login_check CHECK (
    jsonb_typeof(pending_login) = 'object' AND octet_length(pending_login::text) <= 4096),
  CONSTRAINT sessions_expires_at_check CHECK (expires_at > created_at)
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

-- Relation changes for the decision service's directory, written in the same transaction as the
-- data change they mirror and delivered in id order by a relay.
CREATE TABLE directory_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  delivered_at timestamptz,
  CONSTRAINT directory_outbox_payload_check CHECK (
    jsonb_typeof(payload) = 'object' AND payload ? 'op' AND octet_length(payload::text) <= 16384),
  CONSTRAINT directory_outbox_attempts_check CHECK (attempts >= 0),
  CONSTRAINT directory_outbox_last_error_check CHECK (char_length(last_error) <= 2000)
);
CREATE INDEX directory_outbox_pending_idx ON directory_outbox (id) WHERE delivered_at IS NULL;
`,
};
