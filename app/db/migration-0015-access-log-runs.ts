/**
 * Migration 15: the access log stored as runs — one row per run of decisions that share who asked,
 * what, why, the route and the time (a list's decisions about its documents), holding the run's
 * document ids and outcomes as arrays, found by document through a GIN index. PostgreSQL then
 * writes one row and one index entry per document into a pending list instead of a row and three
 * B-tree entries per decision (about a tenth of the CPU per entry). An entry's id is its run's id
 * times 1024 plus its position in the run (1-based), so ids keep the order entries were written.
 * Existing entries become runs of one, keeping their order; the `access_log` view shows every
 * entry as a row, as the table did. So that instances of the previous release keep logging during
 * a rolling upgrade, the view takes their writes (a row inserted becomes a run of one) and their
 * purge (deleting an entry deletes its run, whose entries share its time).
 */
import type { Migration } from './migration.ts';

const sql = String.raw;

/** Replaces the `access_log` table with `access_log_runs` and an `access_log` view. */
export const accessLogRunsMigration: Migration = {
  version: 15,
  name: 'access-log-runs',
  sql: sql`
CREATE TABLE access_log_runs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id text,
  action text NOT NULL,
  reason text NOT NULL,
  method text,
  path text,
  decided_at timestamptz NOT NULL,
  document_ids integer[] NOT NULL,
  allowed boolean[] NOT NULL,
  CONSTRAINT access_log_runs_user_id_check CHECK (char_length(user_id) <= 255),
  CONSTRAINT access_log_runs_action_check CHECK (char_length(action) BETWEEN 1 AND 300),
  CONSTRAINT access_log_runs_reason_check CHECK (char_length(reason) BETWEEN 1 AND 500),
  CONSTRAINT access_log_runs_method_check CHECK (char_length(method) <= 16),
  CONSTRAINT access_log_runs_path_check CHECK (char_length(path) <= 2000),
  CONSTRAINT access_log_runs_entries_check CHECK (
    array_ndims(document_ids) = 1 AND array_lower(document_ids, 1) = 1
    AND cardinality(document_ids) BETWEEN 1 AND 1000
    AND array_ndims(allowed) = 1 AND array_lower(allowed, 1) = 1
    AND cardinality(allowed) = cardinality(document_ids)
    AND array_position(document_ids, NULL) IS NULL AND array_position(allowed, NULL) IS NULL
    AND 0 < ALL (document_ids))
);
INSERT INTO access_log_runs
  (id, user_id, action, reason, method, path, decided_at, document_ids, allowed)
OVERRIDING SYSTEM VALUE
SELECT id, user_id, action, reason, method, path, decided_at, ARRAY[document_id], ARRAY[allowed]
FROM access_log ORDER BY id;
SELECT setval(pg_get_serial_sequence('access_log_runs', 'id'), max(id)) FROM access_log_runs HAVING count(*) > 0;
DROP TABLE access_log;
CREATE INDEX access_log_runs_document_idx ON access_log_runs USING gin (document_ids);
CREATE INDEX access_log_runs_decided_at_idx ON access_log_runs (decided_at);
CREATE VIEW access_log AS
  SELECT r.id * 1024 + e.position AS id, e.document_id, r.user_id, r.action, e.allowed, r.reason,
         r.method, r.path, r.decided_at
  FROM access_log_runs r
  CROSS JOIN LATERAL unnest(r.document_ids, r.allowed) WITH ORDINALITY AS e(document_id, allowed, position);
CREATE FUNCTION access_log_insert_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO access_log_runs (user_id, action, reason, method, path, decided_at, document_ids, allowed)
  VALUES (NEW.user_id, NEW.action, NEW.reason, NEW.method, NEW.path, NEW.decided_at,
          ARRAY[NEW.document_id], ARRAY[NEW.allowed]);
  RETURN NEW;
END $$;
CREATE TRIGGER access_log_insert INSTEAD OF INSERT ON access_log
  FOR EACH ROW EXECUTE FUNCTION access_log_insert_entry();
CREATE FUNCTION access_log_delete_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM access_log_runs WHERE id = OLD.id / 1024;
  RETURN OLD;
END $$;
CREATE TRIGGER access_log_delete INSTEAD OF DELETE ON access_log
  FOR EACH ROW EXECUTE FUNCTION access_log_delete_entry();
`,
};
