/**
 * Migration 8: each document counts its versions (`documents.version`, the number of its latest
 * version), so that saving a change and recording its version is one statement: the next number
 * comes from the locked row instead of `max(version) + 1` over `document_versions`.
 */
import type { Migration } from './migration.ts';

const sql = String.raw;

/** `documents.version`, set from the versions recorded so far. */
export const documentVersionCounterMigration: Migration = {
  version: 8,
  name: 'document-version-counter',
  sql: sql`
ALTER TABLE documents ADD COLUMN version integer NOT NULL DEFAULT 1;
UPDATE documents d SET version = v.latest
FROM (SELECT document_id, max(version) AS latest FROM document_versions GROUP BY document_id) v
WHERE v.document_id = d.id;
ALTER TABLE documents ADD CONSTRAINT documents_version_check CHECK (version >= 1);
`,
};
