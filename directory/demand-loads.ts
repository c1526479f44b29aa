/**
 * What a store that loads on demand reads from Postgres for the misses of one pass: one statement
 * per kind, all sent at once. Each statement also reads the directory's version, in the same
 * snapshot, so every entry knows which changes it already reflects.
 */

import { cacheKey, queryMatcher } from './demand-cache.ts';
import { type CacheEntry, nodeOf } from './demand-entries.ts';
import type { Miss } from './demand-reader.ts';
import type { DirectoryModel } from './model.ts';
import type { Sql } from './postgres-driver/index.ts';
import { type DirectoryTables, directoryTable, objectFromRow, relationFromRow } from './postgres-tables.ts';
import { compareRecords } from './relation-index.ts';
import type { GraphNode, GraphQuery, ObjectRecord, RelationQuery, RelationRecord } from './relation-store.ts';

/** Where misses are loaded from. */
export interface DemandLoadContext {
  readonly sql: Sql;
  readonly tables: DirectoryTables;
  readonly model: DirectoryModel;
  /** Answers a graph search (by SQL); `version` is the feed's version when it was asked. */
  readonly graph: (query: GraphQuery) => Promise<readonly GraphNode[]>;
  /** The feed's version (graph answers are tagged with it). */
  readonly version: () => number;
}

/** Type and relation names as the model spells them (one string each, not one per row). */
function interned(model: DirectoryModel, record: RelationRecord): RelationRecord {
  const type = model.types.get(record.objectType);
  const objectType = type?.name ?? record.objectType;
  const relation = type?.relations.get(record.relation)?.name ?? record.relation;
  const subjectType = model.types.get(record.subjectType)?.name ?? record.subjectType;
  return { ...record, objectType, relation, subjectType };
}

/** How many arrows deep an object load follows (a folder's folder's folder…) in the same statement. */
const PREFETCH_DEPTH = 8;

/** The `(object type, relation)` pairs arrows follow (`parent` of `parent->can_read`). */
function arrowBases(model: DirectoryModel): [string[], string[]] {
  const pairs = new Set<string>();
  for (const type of model.types.values()) {
    for (const permission of type.permissions.values()) {
      for (const term of permission.terms) if (term.base) pairs.add(`${type.name}\u0000${term.base}`);
    }
  }
  const split = [...pairs].map((pair) => pair.split('\u0000') as [string, string]);
  return [split.map(([t]) => t), split.map(([, r]) => r)];
}

async function loadObjects(
  context: DemandLoadContext,
  keys: readonly { type: string; id: string }[],
): Promise<[string, CacheEntry][]> {
  const { sql, tables, model } = context;
  const relations = directoryTable(sql, tables, 'relations');
  const objects = directoryTable(sql, tables, 'objects');
  const state = directoryTable(sql, tables, 'state');
  const [arrowTypes, arrowRelations] = arrowBases(model);
  // The objects asked for, and those their arrows lead to (a document's folder, that folder's
  // folder…): a check that follows an arrow needs its target next, so it comes in the same trip.
  const rows = await sql`WITH RECURSIVE asked(t, i, depth) AS (
      SELECT t, i, 0 FROM unnest(${sql.array(keys.map((k) => k.type))}::text[],
        ${sql.array(keys.map((k) => k.id))}::text[]) AS u(t, i)
      UNION
      SELECT r.subject_type, r.subject_id, asked.depth + 1
        FROM asked CROSS JOIN LATERAL unnest(${sql.array(arrowTypes)}::text[], ${sql.array(arrowRelations)}::text[])
          AS a(t, relation)
        CROSS JOIN LATERAL (SELECT subject_type, subject_id FROM ${relations}
          WHERE object_type = asked.t AND object_id = asked.i AND relation = a.relation
            AND subject_relation = '' AND subject_id <> '*') AS r
        WHERE asked.depth < ${PREFETCH_DEPTH} AND a.t = asked.t),
    k AS (SELECT DISTINCT t, i FROM asked)
    SELECT 'k' AS kind, k.t AS object_type, k.i AS object_id, NULL::text AS relation, NULL::text AS subject_type,
      NULL::text AS subject_id, NULL::text AS subject_relation, NULL::float8 AS created_ms, NULL::text AS display_name,
      NULL::jsonb AS properties, NULL::float8 AS updated_ms, NULL::text AS version
      FROM k
    UNION ALL
    SELECT 'r', r.object_type, r.object_id, r.relation, r.subject_type, r.subject_id, r.subject_relation,
      floor(extract(epoch FROM r.created_at) * 1000)::float8, NULL, NULL, NULL, NULL
      FROM k CROSS JOIN LATERAL (SELECT * FROM ${relations} WHERE object_type = k.t AND object_id = k.i) AS r
    UNION ALL
    SELECT 'o', o.object_type, o.object_id, NULL, NULL, NULL, NULL, floor(extract(epoch FROM o.created_at) * 1000)::float8,
      o.display_name, o.properties, floor(extract(epoch FROM o.updated_at) * 1000)::float8, NULL
      FROM k CROSS JOIN LATERAL (SELECT * FROM ${objects} WHERE object_type = k.t AND object_id = k.i) AS o
    UNION ALL
    SELECT 'v', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, version::text
      FROM ${state} WHERE id = 1`;
  let loadedAt = 0;
  type Found = { type: string; id: string; relations: RelationRecord[]; record?: ObjectRecord };
  const found = new Map<string, Found>();
  const entryOf = (type: string, id: string): Found => {
    const key = cacheKey.object(type, id);
    let entry = found.get(key);
    if (!entry) {
      entry = { type, id, relations: [] };
      found.set(key, entry);
    }
    return entry;
  };
  for (const row of rows) {
    if (row.kind === 'v') loadedAt = Number(row.version);
    else if (row.kind === 'k') entryOf(row.object_type, row.object_id);
    else if (row.kind === 'r')
      entryOf(row.object_type, row.object_id).relations.push(interned(model, relationFromRow(row)));
    else {
      const record = objectFromRow(row);
      entryOf(row.object_type, row.object_id).record = {
        ...record,
        type: model.types.get(record.type)?.name ?? record.type,
      };
    }
  }
  return [...found].map(([key, { type, id, relations: records, record }]): [string, CacheEntry] => [
    key,
    {
      kind: 'object',
      type,
      id,
      node: nodeOf(records),
      record,
      weight: records.length + 1,
      loadedAt,
      used: true,
    },
  ]);
}

async function loadSubjects(
  context: DemandLoadContext,
  keys: readonly { type: string; id: string }[],
): Promise<[string, CacheEntry][]> {
  const { sql, tables } = context;
  const relations = directoryTable(sql, tables, 'relations');
  const rows = await sql`SELECT k.t, k.i, EXISTS (SELECT 1 FROM ${relations} r
        WHERE r.subject_type = k.t AND r.subject_id = k.i) AS found,
      (SELECT version::text FROM ${directoryTable(sql, tables, 'state')} WHERE id = 1) AS version
    FROM unnest(${sql.array(keys.map((k) => k.type))}::text[], ${sql.array(keys.map((k) => k.id))}::text[]) AS k(t, i)`;
  return rows.map((row): [string, CacheEntry] => [
    cacheKey.subject(row.t, row.i),
    { kind: 'subject', exists: row.found === true, weight: 1, loadedAt: Number(row.version), used: true },
  ]);
}

async function loadQuery(context: DemandLoadContext, query: RelationQuery): Promise<[string, CacheEntry]> {
  const { sql, tables, model } = context;
  const conditions = [sql`true`];
  const field = (column: string, value: string | undefined) => {
    if (value !== undefined) conditions.push(sql`${sql(column)} = ${value}`);
  };
  field('object_type', query.objectType);
  field('object_id', query.objectId);
  field('relation', query.relation);
  field('subject_type', query.subjectType);
  field('subject_id', query.subjectId);
  field('subject_relation', query.withoutSubjectRelation ? '' : query.subjectRelation);
  const where = conditions.reduce((all, condition) => sql`${all} AND ${condition}`);
  const rows =
    await sql`SELECT (SELECT version::text FROM ${directoryTable(sql, tables, 'state')} WHERE id = 1) AS version,
      r.object_type, r.object_id, r.relation, r.subject_type, r.subject_id, r.subject_relation,
      floor(extract(epoch FROM r.created_at) * 1000)::float8 AS created_ms
    FROM (SELECT 1) AS one LEFT JOIN ${directoryTable(sql, tables, 'relations')} r ON ${where}`;
  const records = rows
    .filter((row) => row.object_type !== null)
    .map((row) => interned(model, relationFromRow(row)))
    .sort(compareRecords);
  const entry: CacheEntry = {
    kind: 'query',
    matches: queryMatcher(query),
    records,
    weight: records.length + 1,
    loadedAt: Number(rows[0]?.version ?? 0),
    used: true,
  };
  return [cacheKey.query(query), entry];
}

async function loadGraph(context: DemandLoadContext, query: GraphQuery): Promise<[string, CacheEntry]> {
  const loadedAt = context.version();
  const nodes = await context.graph(query);
  const entry: CacheEntry = { kind: 'graph', nodes, weight: nodes.length + 1, loadedAt, used: true };
  return [cacheKey.graph(query), entry];
}

/**
 * Loads the misses of one pass (their statements sent at once); answers by cache key, with the
 * objects an arrow leads to from those asked for (up to 8 arrows deep) besides.
 */
export async function loadMisses(
  context: DemandLoadContext,
  misses: ReadonlyMap<string, Miss>,
): Promise<[string, CacheEntry][]> {
  const objects: { type: string; id: string }[] = [];
  const subjects: { type: string; id: string }[] = [];
  const loads: Promise<[string, CacheEntry][]>[] = [];
  for (const miss of misses.values()) {
    if (miss.kind === 'object') objects.push(miss);
    else if (miss.kind === 'subject') subjects.push(miss);
    else if (miss.kind === 'query') loads.push(loadQuery(context, miss.query).then((e) => [e]));
    else loads.push(loadGraph(context, miss.query).then((e) => [e]));
  }
  if (objects.length > 0) loads.push(loadObjects(context, objects));
  if (subjects.length > 0) loads.push(loadSubjects(context, subjects));
  return (await Promise.all(loads)).flat();
}
