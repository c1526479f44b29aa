/**
 * The object search as the PostgreSQL store answered it before the walk was planned from the model
 * (`graph-walk.ts`): one recursive query that carries every node it reaches, the permission terms
 * looked up per row. Kept for the differential test only, as the answer the new search must give.
 */
import type { ObjectSearch } from '@gatehousejs/core';
import { searchReach } from './graph-reach.ts';
import type { GraphRules } from './graph-rules.ts';
import type { DirectoryModel } from './model.ts';
import type { Sql } from './postgres-driver/index.ts';

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function termLookups(rules: GraphRules): {
  direct: Record<string, string[]>;
  arrows: Record<string, { object_type: string; permission: string; base: string }[]>;
} {
  const direct: Record<string, string[]> = {};
  const arrows: Record<string, { object_type: string; permission: string; base: string }[]> = {};
  for (const t of rules.terms) {
    if (t.base === '') {
      const key = `${t.objectType}\u001f${t.name}`;
      direct[key] = [...(direct[key] ?? []), t.permission];
    } else {
      const arrow = { object_type: t.objectType, permission: t.permission, base: t.base };
      arrows[t.name] = [...(arrows[t.name] ?? []), arrow];
    }
  }
  return { direct, arrows };
}

/** The candidates of the previous object search (before any confirming check), sorted. */
export async function previousObjectSearch(
  sql: Sql,
  schema: string,
  model: DirectoryModel,
  rules: GraphRules,
  search: ObjectSearch,
): Promise<string[]> {
  const relations = sql(`${schema}.relations`);
  const { direct, arrows } = termLookups(rules);
  const reach = searchReach(model, search.objectType, search.relation);
  const kept = sql.array([...reach.kept]);
  const bySet = sql.array([...reach.steps.subjectSet]);
  const byTerm = sql.array([...reach.steps.term]);
  const byArrow = sql.array([...reach.steps.arrow]);
  const rows = await sql`
      WITH RECURSIVE holds (object_type, object_id, name) AS (
        SELECT r.object_type, r.object_id, r.relation FROM ${relations} r
        WHERE r.subject_type = ${search.subjectType} AND r.subject_id IN (${search.subjectId}, '*')
          AND r.subject_relation = '' AND r.object_type || chr(31) || r.relation = ANY(${kept}::text[])
        UNION
        SELECT step.object_type, step.object_id, step.name FROM holds h CROSS JOIN LATERAL (
          SELECT r.object_type, r.object_id, r.relation FROM ${relations} r
          WHERE r.subject_type = h.object_type AND r.subject_id = h.object_id AND r.subject_relation = h.name
            AND h.object_type || chr(31) || h.name = ANY(${bySet}::text[])
          UNION ALL
          SELECT h.object_type, h.object_id, d.permission
          FROM jsonb_array_elements_text(${sql.json(direct)} -> (h.object_type || chr(31) || h.name)) AS d (permission)
          WHERE h.object_type || chr(31) || h.name = ANY(${byTerm}::text[])
          UNION ALL
          SELECT r.object_type, r.object_id, a.permission
          FROM jsonb_to_recordset(${sql.json(arrows)} -> h.name) AS a (object_type text, permission text, base text)
          JOIN ${relations} r ON r.object_type = a.object_type AND r.relation = a.base
          WHERE r.subject_type = h.object_type AND r.subject_id = h.object_id AND r.subject_relation = ''
            AND h.object_type || chr(31) || h.name = ANY(${byArrow}::text[])
        ) AS step (object_type, object_id, name)
        WHERE step.object_type || chr(31) || step.name = ANY(${kept}::text[])
      )
      SELECT DISTINCT object_id FROM holds WHERE object_type = ${search.objectType} AND name = ${search.relation}`;
  return rows.map((row) => row.object_id as string).sort(byCodeUnits);
}
