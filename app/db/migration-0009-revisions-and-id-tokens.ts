/**
 * Migration 9: each document counts every change to it (`documents.revision`: name, text,
 * folder or visibility — the entity tag a save names to say which state it was made from), and a
 * signed-in session keeps the provider's ID token (`sessions.id_token`, sent back as
 * `id_token_hint` when signing out, so the provider ends its own session without asking).
 */
import type { Migration } from './migration.ts';

const sql = String.raw;

/** `documents.revision` and `sessions.id_token`. */
export const revisionsAndIdTokensMigration: Migration = {
  version: 9,
  name: 'revisions-and-id-tokens',
  sql: sql`
ALTER TABLE documents ADD COLUMN revision integer NOT NULL DEFAULT 1;
ALTER TABLE documents ADD CONSTRAINT documents_revision_check CHECK (revision >= 1);
ALTER TABLE sessions ADD COLUMN id_token text;
ALTER TABLE sessions ADD CONSTRAINT sessions_id_token_check CHECK (
  id_token IS NULL OR (user_id IS NOT NULL AND octet_length(id_token) <= 16384));
`,
};
