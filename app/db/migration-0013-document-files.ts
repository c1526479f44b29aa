/**
 * Migration 13: files of documents — images and attachments uploaded to a document, stored in
 * PostgreSQL beside it. A file belongs to exactly one document and shares its fate: it is hidden
 * while the document is in the trash (every read joins the live document), comes back with it, and
 * is deleted with it when the document is purged (`ON DELETE CASCADE`). The type is the one
 * detected from the content; the size and the name are constrained here as in the service.
 */
import type { Migration } from './migration.ts';

const sql = String.raw;

/** The `document_files` table. */
export const documentFilesMigration: Migration = {
  version: 13,
  name: 'document-files',
  sql: sql`
CREATE TABLE document_files (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_id integer NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  name text NOT NULL,
  media_type text NOT NULL,
  size integer NOT NULL,
  sha256 text NOT NULL,
  content bytea NOT NULL,
  uploaded_by text NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT document_files_name_check CHECK (
    char_length(name) BETWEEN 1 AND 255 AND btrim(name) <> '' AND name !~ '[[:cntrl:]/\\]'),
  CONSTRAINT document_files_media_type_check CHECK (media_type IN (
    'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'application/zip',
    'text/plain')),
  CONSTRAINT document_files_size_check CHECK (size BETWEEN 1 AND 5242880 AND octet_length(content) = size),
  CONSTRAINT document_files_sha256_check CHECK (sha256 ~ '^[0-9a-f]{64}$')
);
-- A document's files are named uniquely (ignoring case): Markdown refers to them by name.
CREATE UNIQUE INDEX document_files_name_key ON document_files (document_id, lower(name));
`,
};
