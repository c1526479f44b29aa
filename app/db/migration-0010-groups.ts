/**
 * Migration 10: groups of users. A group belongs to the user who made it, is named uniquely among
 * that user's groups, and lists its members; folders and documents can be shared with it.
 */
import type { Migration } from './migration.ts';

const sql = String.raw;

/** The `groups` and `group_members` tables. */
export const groupsMigration: Migration = {
  version: 10,
  name: 'groups',
  sql: sql`
CREATE TABLE groups (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  owner_id text NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT groups_name_check CHECK (
    char_length(name) BETWEEN 1 AND 255 AND btrim(name) <> '' AND name !~ '[[:cntrl:]]')
);
CREATE UNIQUE INDEX groups_name_key ON groups (owner_id, lower(name));

CREATE TABLE group_members (
  group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT group_members_pkey PRIMARY KEY (group_id, user_id)
);
CREATE INDEX group_members_user_id_idx ON group_members (user_id);
`,
};
