/**
 * Migration 12: the access log — the authorization decisions about documents (who, what, allowed
 * or denied, when, why), written in batches off the request path and kept for a configured period.
 * Rows name the document by id without a foreign key: the log of a purged document stays until it
 * expires like any other.
 */
import type { Migration } from './migration.ts';

const sql = String.raw;

/** The `access_log` table. */
export const accessLogMigration: Migration = {
  version: 12,
  name: 'access-log',
  sql: sql`
CREATE TABLE access_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_id integer NOT NULL,
  user_id text,
  action text NOT NULL,
  allowed boolean NOT NULL,
  reason text NOT NULL,
  method text,
  path text,
  decided_at timestamptz NOT NULL,
  CONSTRAINT access_log_document_id_check CHECK (document_id > 0),
  CONSTRAINT access_log_user_id_check CHECK (char_length(user_id) <= 255),
  CONSTRAINT access_log_action_check CHECK (char_length(action) BETWEEN 1 AND 300),
  CONSTRAINT access_log_reason_check CHECK (char_length(reason) BETWEEN 1 AND 500),
  CONSTRAINT access_log_method_check CHECK (char_length(method) <= 16),
  CONSTRAINT access_log_path_check CHECK (char_length(path) <= 2000)
);
CREATE INDEX access_log_document_idx ON access_log (document_id, id DESC);
CREATE INDEX access_log_decided_at_idx ON access_log (decided_at);
`,
};
