/**
 * Graph searches of the Postgres relation store, answered by SQL over the directory's
 * `relations` table alone (no in-memory index): one recursive query per search. The model's
 * permission terms travel with the query as arrays, so one statement serves any manifest.
 *
 * - Objects: from the subject's own grants (and wildcard grants to its type) upward — a
 *   relation whose subject set the subject holds grants its object, a permission term grants
 *   its permission on the same object, an arrow grants its permission on the objects whose base
 *   relation points at an object the subject holds the arrow's name on.
 * - Subjects: from the object downward, carrying the relations passed (the explanation) and the
 *   sub-questions on the path (a cycle ends there).
 *
 * The walk follows every term of a permission, so with intersections or exclusions in the model
 * what it finds is confirmed by the store's check; and where an arrow's base admits subject sets
 * (the arrow's targets are the set's members, which depend on the subject) the object search
 * checks every object of the type, as Topaz does.
 */
import type { GraphSubject, ObjectSearch, Relation, RelationCheck, SubjectSearch } from '@gatehousejs/core';
import type { GraphRules } from './graph-rules.ts';
import type { ObjectWalk } from './graph-walk.ts';
import type { Sql } from './postgres-driver/index.ts';
import { MAX_PATHS_PER_SUBJECT } from './subject-paths.ts';

/** Confirms candidates by checks (answers in order). */
export type ConfirmChecks = (checks: readonly RelationCheck[]) => Promise<boolean[]>;

/** Where the directory's tables are and what the search may rely on. */
export interface PostgresGraphContext {
  readonly sql: Sql;
  /** The schema of the directory's tables. */
  readonly schema: string;
  readonly rules: GraphRules;
  /** Longest chain a subject search follows. */
  readonly maxDepth: number;
  readonly confirm: ConfirmChecks;
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function termArrays(rules: GraphRules): [string[], string[], string[], string[]] {
  return [
    rules.terms.map((t) => t.objectType),
    rules.terms.map((t) => t.permission),
    rules.terms.map((t) => t.base),
    rules.terms.map((t) => t.name),
  ];
}

async function confirmed(
  context: PostgresGraphContext,
  ids: readonly string[],
  check: (id: string) => RelationCheck,
): Promise<string[]> {
  const answers = await context.confirm(ids.map(check));
  return ids.filter((_, i) => answers[i] === true);
}

/**
 * The ids of the objects the subject reaches (validated search), sorted. One statement: the
 * subject's own grants (and wildcard grants to its type), each widened by the names its node
 * implies on the same object ({@link ObjectWalk}); from those that lead on, the walk climbs through
 * subject sets and arrows to the objects of the relations naming them, which it widens the same
 * way. The answer is every object reached with the searched name: read straight from the grants,
 * or one step from an object of the walk — so the walk holds the folders and groups of a search,
 * never the documents it finds.
 */
export async function findObjectsInPostgres(
  context: PostgresGraphContext,
  search: ObjectSearch,
): Promise<string[]> {
  const { sql, schema, rules } = context;
  const relations = sql(`${schema}.relations`);
  const { closure, steps } = rules.walk(search.objectType, search.relation);
  const text = (values: readonly string[]) => sql.array([...values]);
  // One step from the walk's objects (w) to the relations naming them, and the names reached there.
  const step = sql`FROM walk w
    JOIN steps s ON s.from_type = w.object_type AND s.from_name = w.name
    JOIN ${relations} r ON r.subject_type = w.object_type AND r.subject_id = w.object_id
      AND r.subject_relation = s.subject_relation AND r.object_type = s.object_type AND r.relation = s.relation`;
  const found = rules.arrowsThroughSets
    ? sql`SELECT DISTINCT object_id FROM ${relations} WHERE object_type = ${search.objectType}`
    : sql`
      WITH RECURSIVE closure (object_type, name, derived, steps, target) AS (
        SELECT * FROM unnest(${text(closure.objectType)}::text[], ${text(closure.name)}::text[],
          ${text(closure.derived)}::text[], ${text(closure.steps)}::boolean[], ${text(closure.target)}::boolean[])
      ), steps (from_type, from_name, subject_relation, object_type, relation, derived, steps, target) AS (
        SELECT * FROM unnest(${text(steps.fromType)}::text[], ${text(steps.fromName)}::text[],
          ${text(steps.subjectRelation)}::text[], ${text(steps.objectType)}::text[], ${text(steps.relation)}::text[],
          ${text(steps.derived)}::text[], ${text(steps.steps)}::boolean[], ${text(steps.target)}::boolean[])
      ), grants AS (
        SELECT c.object_type, r.object_id, c.derived, c.steps, c.target
        FROM ${relations} r JOIN closure c ON c.object_type = r.object_type AND c.name = r.relation
        WHERE r.subject_type = ${search.subjectType} AND r.subject_id IN (${search.subjectId}, '*')
          AND r.subject_relation = ''
      ), walk (object_type, object_id, name) AS (
        SELECT object_type, object_id, derived FROM grants WHERE steps
        UNION
        SELECT s.object_type, r.object_id, s.derived ${step} WHERE s.steps
      )
      SELECT object_id FROM grants WHERE target
      UNION ALL
      SELECT r.object_id ${step} WHERE s.target`;
  // The ids as one JSON array in one row: the driver parses it at once, where a row per id costs
  // a message and a decoding each (measured: half this process's CPU per search of 1,000 ids).
  const [row] =
    await sql`SELECT coalesce(json_agg(object_id), '[]') AS ids FROM (${found}) AS found (object_id)`;
  const objectIds = (row?.ids ?? []) as string[];
  // An object reached several ways comes once per way (no hashing of the rows in the server).
  const ids = [...new Set(objectIds)].sort(byCodeUnits);
  if (rules.unionOnly && !rules.arrowsThroughSets) return ids;
  return confirmed(context, ids, (objectId) => ({ ...search, objectId }));
}

type PathRow = [string, string, string, string, string, string];

function relationOf([
  objectType,
  objectId,
  relation,
  subjectType,
  subjectId,
  subjectRelation,
]: PathRow): Relation {
  const r = { objectType, objectId, relation, subjectType, subjectId };
  return subjectRelation ? { ...r, subjectRelation } : r;
}

/** The subjects that reach the object (validated search), sorted by id, with their explanations. */
export async function findSubjectsInPostgres(
  context: PostgresGraphContext,
  search: SubjectSearch,
): Promise<GraphSubject[]> {
  const { sql, schema, rules } = context;
  const relations = sql(`${schema}.relations`);
  const [types, permissions, bases, names] = termArrays(rules);
  const wantedSet = search.subjectRelation ?? '';
  const edge = (r: string) =>
    sql.unsafe(`jsonb_build_array(jsonb_build_array(${r}.object_type, ${r}.object_id, ${r}.relation,
      ${r}.subject_type, ${r}.subject_id, ${r}.subject_relation))`);
  const rows = await sql`
    WITH RECURSIVE terms (object_type, permission, base, name) AS (
      SELECT * FROM unnest(${types}::text[], ${permissions}::text[], ${bases}::text[], ${names}::text[])
    ), walk (object_type, object_id, name, tail, path, seen) AS (
      SELECT ${search.objectType}::text, ${search.objectId}::text, ${search.relation}::text, ''::text,
        '[]'::jsonb, ARRAY[concat_ws(chr(31), ${search.objectType}::text, ${search.objectId}::text,
          ${search.relation}::text, '')]
      UNION ALL
      SELECT step.object_type, step.object_id, step.name, step.tail, step.path, w.seen || k.key
      FROM walk w CROSS JOIN LATERAL (
        SELECT w.object_type, w.object_id, t.name, ''::text, w.path FROM terms t
        WHERE w.tail = '' AND t.object_type = w.object_type AND t.permission = w.name AND t.base = ''
        UNION ALL
        SELECT r.subject_type, r.subject_id,
          CASE WHEN r.subject_relation = '' THEN t.name ELSE r.subject_relation END,
          CASE WHEN r.subject_relation = '' THEN '' ELSE t.name END, w.path || ${edge('r')}
        FROM terms t JOIN ${relations} r ON r.object_type = w.object_type AND r.object_id = w.object_id
          AND r.relation = t.base
        WHERE w.tail = '' AND t.object_type = w.object_type AND t.permission = w.name AND t.base <> ''
          AND r.subject_id <> '*'
        UNION ALL
        SELECT r.subject_type, r.subject_id, r.subject_relation, w.tail, w.path || ${edge('r')}
        FROM ${relations} r
        WHERE r.object_type = w.object_type AND r.object_id = w.object_id AND r.relation = w.name
          AND r.subject_relation <> ''
        UNION ALL
        SELECT r.subject_type, r.subject_id, w.tail, '', w.path || ${edge('r')}
        FROM ${relations} r
        WHERE w.tail <> '' AND r.object_type = w.object_type AND r.object_id = w.object_id
          AND r.relation = w.name AND r.subject_relation = '' AND r.subject_id <> '*'
      ) AS step (object_type, object_id, name, tail, path)
      CROSS JOIN LATERAL (
        SELECT concat_ws(chr(31), step.object_type, step.object_id, step.name, step.tail) AS key
      ) AS k
      WHERE NOT (k.key = ANY (w.seen)) AND cardinality(w.seen) < ${context.maxDepth}
    )
    SELECT r.subject_id, w.path || ${edge('r')} AS path
    FROM walk w JOIN ${relations} r ON r.object_type = w.object_type AND r.object_id = w.object_id
      AND r.relation = w.name
    WHERE w.tail = '' AND r.subject_type = ${search.subjectType} AND r.subject_relation = ${wantedSet}`;
  const found = new Map<string, Relation[][]>();
  for (const row of rows) {
    const id = row.subject_id as string;
    const paths = found.get(id) ?? [];
    found.set(id, paths);
    paths.push((row.path as PathRow[]).map(relationOf));
  }
  let ids = [...found.keys()].sort(byCodeUnits);
  if (!rules.unionOnly && wantedSet === '') {
    const { objectType, objectId, relation, subjectType } = search;
    ids = await confirmed(context, ids, (subjectId) => ({
      objectType,
      objectId,
      relation,
      subjectType,
      subjectId,
    }));
  }
  return ids.map((id) => ({
    type: search.subjectType,
    id,
    ...(wantedSet ? { relation: wantedSet } : {}),
    paths: (found.get(id) ?? []).sort((a, b) => a.length - b.length).slice(0, MAX_PATHS_PER_SUBJECT),
  }));
}
