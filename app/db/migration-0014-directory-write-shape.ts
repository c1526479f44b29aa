/**
 * Migration 14: outbox payloads in the one shape of a directory write (core's `DirectoryWrite`,
 * operations named after the directory's methods): `set_object` → `setObject`, `delete_object` with
 * its `object` → `deleteObject` with `type` and `id`, `set_relation` → `setRelation`,
 * `delete_relation` → `deleteRelation`. Entries still pending are then delivered as before.
 */
import type { Migration } from './migration.ts';

const sql = String.raw;

/** Rewrites the stored payloads of `directory_outbox`. */
export const directoryWriteShapeMigration: Migration = {
  version: 14,
  name: 'directory-write-shape',
  sql: sql`
UPDATE directory_outbox SET payload = CASE payload->>'op'
  WHEN 'set_object' THEN jsonb_build_object('op', 'setObject', 'object', payload->'object')
  WHEN 'delete_object' THEN jsonb_build_object(
    'op', 'deleteObject', 'type', payload->'object'->'type', 'id', payload->'object'->'id')
  WHEN 'set_relation' THEN jsonb_build_object('op', 'setRelation', 'relation', payload->'relation')
  ELSE jsonb_build_object('op', 'deleteRelation', 'relation', payload->'relation')
END
WHERE payload->>'op' IN ('set_object', 'delete_object', 'set_relation', 'delete_relation');
`,
};
