/**
 * Migration 5: shares with e-mail addresses of people who have not signed in yet. A pending share
 * becomes a share, in the transaction that saves the user at their first sign-in.
 */
import type { Migration } from './migration.ts';

const sql = String.raw;

/** The `pending_shares` table. */
export const pendingSharesMigration: Migration = {
  version: 5,
  name: 'pending-shares',
  sql: sql`
CREATE TABLE pending_shares (
  document_id integer NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  email text NOT NULL,
  permission text NOT NULL,
  invited_by text NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT pending_shares_email_check CHECK (
    char_length(email) BETWEEN 3 AND 320 AND email ~ '^[^@[:space:][:cntrl:]]+@[^@[:space:][:cntrl:]]+$'),
  CONSTRAINT pending_shares_permission_check CHECK (permission IN ('read', 'write'))
);
CREATE UNIQUE INDEX pending_shares_email_key ON pending_shares (document_id, lower(email));
CREATE INDEX pending_shares_lower_email_idx ON pending_shares (lower(email));
`,
};
