/**
 * Migration 4: full-text search over documents' names and texts. The vector is a generated column
 * (PostgreSQL keeps it current on every write), the name weighted above the text; only the first
 * 256 KiB of a text are indexed, which keeps every vector below PostgreSQL's 1 MB limit for any
 * text the schema allows.
 */
import type { Migration } from './migration.ts';

const sql = String.raw;

/** The search vector of documents and its index. */
export const documentSearchMigration: Migration = {
  version: 4,
  name: 'document-search',
  sql: sql`
ALTER TABLE documents ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', left(content, 262144)), 'B')
) STORED;
CREATE INDEX documents_search_vector_idx ON documents USING gin (search_vector);
CREATE INDEX documents_name_idx ON documents (lower(name), id);
CREATE INDEX documents_updated_at_idx ON documents (updated_at DESC, id DESC);
`,
};
