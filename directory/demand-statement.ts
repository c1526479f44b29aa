/**
 * The statement a store that loads on demand reads objects and subjects with, kept in the
 * directory's schema as a PL/pgSQL function planned once per connection.
 *
 * Why a function: sent as a prepared statement, PostgreSQL plans this query afresh at every
 * execution (its plan cache judges a custom plan, which knows the arrays' lengths, cheaper than
 * the generic one), and planning a recursive query over four unions costs more server CPU than
 * running it. Inside the function `plan_cache_mode = force_generic_plan` holds, so the plan is
 * made once per session and every later cold read only executes it.
 */
import type { Sql, TransactionSql } from './postgres-driver/index.ts';
import type { DirectoryTables } from './postgres-tables.ts';

/** The function's name in the directory's schema (a new name when its signature changes). */
const FUNCTION_NAME = 'demand_load_v1';

/** How many arrows deep an object load follows (a folder's folder's folder…) in the same statement. */
export const PREFETCH_DEPTH = 8;

/** What one row of the function is: `k` an object asked or reached, `r` a relation, `o` an object record, `s`/`n` a subject with / without relations, `v` the version. */
export interface DemandRow {
  readonly kind: 'k' | 'r' | 'o' | 's' | 'n' | 'v';
  readonly object_type: string;
  readonly object_id: string;
  readonly [column: string]: unknown;
}

/**
 * Creates the function in the schema unless it is there (a changed body gets a new name, so an
 * existing one is never replaced under instances using it); run inside the tables' creation
 * transaction.
 */
export async function ensureDemandStatement(tx: TransactionSql, t: DirectoryTables): Promise<void> {
  const signature = `${t.schema}.${FUNCTION_NAME}(text[], text[], text[], text[], text[], text[], integer)`;
  const [existing] = await tx`SELECT to_regprocedure(${signature}) IS NOT NULL AS found`;
  if (existing?.found === true) return;
  const relations = tx(`${t.schema}.relations`);
  const objects = tx(`${t.schema}.objects`);
  const state = tx(`${t.schema}.state`);
  // `use_column`: the output columns share names with the tables' columns the query reads.
  await tx`CREATE FUNCTION ${tx(`${t.schema}.${FUNCTION_NAME}`)}(
      object_types text[], object_ids text[], subject_types text[], subject_ids text[],
      arrow_types text[], arrow_relations text[], prefetch_depth integer)
    RETURNS TABLE (kind text, object_type text, object_id text, relation text, subject_type text,
      subject_id text, subject_relation text, created_ms float8, display_name text, properties jsonb,
      updated_ms float8, version text)
    LANGUAGE plpgsql STABLE
    SET plan_cache_mode = force_generic_plan
    AS $body$
    #variable_conflict use_column
    BEGIN
      RETURN QUERY WITH RECURSIVE asked(t, i, depth) AS (
          SELECT u.t, u.i, 0 FROM unnest(object_types, object_ids) AS u(t, i)
          UNION
          SELECT r.subject_type, r.subject_id, asked.depth + 1
            FROM asked CROSS JOIN LATERAL unnest(arrow_types, arrow_relations) AS a(t, rel)
            CROSS JOIN LATERAL (SELECT x.subject_type, x.subject_id FROM ${relations} x
              WHERE x.object_type = asked.t AND x.object_id = asked.i AND x.relation = a.rel
                AND x.subject_relation = '' AND x.subject_id <> '*') AS r
            WHERE asked.depth < prefetch_depth AND a.t = asked.t),
        k AS (SELECT DISTINCT asked.t, asked.i FROM asked)
        SELECT 'k'::text, k.t, k.i, NULL::text, NULL::text, NULL::text, NULL::text, NULL::float8,
          NULL::text, NULL::jsonb, NULL::float8, NULL::text
          FROM k
        UNION ALL
        SELECT 'r', r.object_type, r.object_id, r.relation, r.subject_type, r.subject_id, r.subject_relation,
          floor(extract(epoch FROM r.created_at) * 1000)::float8, NULL, NULL, NULL, NULL
          FROM k CROSS JOIN LATERAL (SELECT * FROM ${relations} x
            WHERE x.object_type = k.t AND x.object_id = k.i) AS r
        UNION ALL
        SELECT 'o', o.object_type, o.object_id, NULL, NULL, NULL, NULL,
          floor(extract(epoch FROM o.created_at) * 1000)::float8, o.display_name, o.properties,
          floor(extract(epoch FROM o.updated_at) * 1000)::float8, NULL
          FROM k CROSS JOIN LATERAL (SELECT * FROM ${objects} x
            WHERE x.object_type = k.t AND x.object_id = k.i) AS o
        UNION ALL
        SELECT CASE WHEN EXISTS (SELECT 1 FROM ${relations} x
            WHERE x.subject_type = s.t AND x.subject_id = s.i) THEN 's' ELSE 'n' END,
          s.t, s.i, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
          FROM unnest(subject_types, subject_ids) AS s(t, i)
        UNION ALL
        SELECT 'v', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, x.version::text
          FROM ${state} x WHERE x.id = 1;
    END
    $body$`;
}

/**
 * Objects asked for (their relations and records, and the objects their arrows lead to, up to
 * {@link PREFETCH_DEPTH} deep) and whether each subject holds a relation, with the directory's
 * version, in one statement read in one snapshot.
 *
 * @param arrows the `(object type, relation)` pairs arrows follow
 */
export async function readDemandRows(
  sql: Sql,
  t: DirectoryTables,
  objects: readonly { type: string; id: string }[],
  subjects: readonly { type: string; id: string }[],
  arrows: readonly [readonly string[], readonly string[]],
): Promise<readonly DemandRow[]> {
  const text = (values: readonly string[]) => sql.array(values as string[]);
  return (await sql`SELECT * FROM ${sql(`${t.schema}.${FUNCTION_NAME}`)}(
      ${text(objects.map((k) => k.type))}::text[], ${text(objects.map((k) => k.id))}::text[],
      ${text(subjects.map((k) => k.type))}::text[], ${text(subjects.map((k) => k.id))}::text[],
      ${text(arrows[0])}::text[], ${text(arrows[1])}::text[], ${PREFETCH_DEPTH}::integer)`) as unknown as DemandRow[];
}
