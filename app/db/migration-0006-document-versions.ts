/**
 * Migration 6: the versions of documents — every saved name and text, who saved it and when. The
 * documents that exist already get their current state as version 1, saved by their owner.
 */
import type { Migration } from './migration.ts';

const sql = String.raw;

/** The `document_versions` table. */
export const documentVersionsMigration: Migration = {
  version: 6,
  name: 'document-versions',
  sql: sql`
CREATE TABLE document_versions (
  document_id integer NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  version integer NOT NULL,
  name text NOT NULL,
  content text NOT NULL,
  changed_by text NOT NULL REFERENCES users (id),
  changed_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT document_versions_pkey PRIMARY KEY (document_id, version),
  CONSTRAINT document_versions_version_check CHECK (version >= 1)
);
INSERT INTO document_versions (document_id, version, name, content, changed_by, changed_at)
SELECT id, 1, name, content, owner_id, updated_at FROM documents;
`,
};
