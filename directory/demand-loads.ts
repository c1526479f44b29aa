/**
 * What a store that loads on demand reads from Postgres for the misses of one pass: objects and
 * subjects in one statement, each relation query and graph search in its own, all sent at once. Each statement also reads the directory's version, in the same
 * snapshot, so every entry knows which changes it already reflects.
 */

import { cacheKey, queryMatcher } from './demand-cache.ts';
import { type CacheEntry, nodeOf } from './demand-entries.ts';
import type { Miss } from './demand-reader.ts';
import { readDemandRows } from './demand-statement.ts';
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

const arrowsByModel = new WeakMap<DirectoryModel, [string[], string[]]>();

/** The `(object type, relation)` pairs arrows follow (`parent` of `parent->can_read`). */
function arrowBases(model: DirectoryModel): [string[], string[]] {
  const known = arrowsByModel.get(model);
  if (known) return known;
  const pairs = new Set<string>();
  for (const type of model.types.values()) {
    for (const permission of type.permissions.values()) {
      for (const term of permission.terms) if (term.base) pairs.add(`${type.name}\u0000${term.base}`);
    }
  }
  const split = [...pairs].map((pair) => pair.split('\u0000') as [string, string]);
  const arrows: [string[], string[]] = [split.map(([t]) => t), split.map(([, r]) => r)];
  arrowsByModel.set(model, arrows);
  return arrows;
}

/**
 * Objects (their relations and records, with the objects their arrows lead to) and whether
 * subjects hold any relation, in one statement: a check's first pass usually misses its object
 * and its subject, and one round trip wakes one server process rather than two.
 */
async function loadObjectsAndSubjects(
  context: DemandLoadContext,
  objectKeys: readonly { type: string; id: string }[],
  subjectKeys: readonly { type: string; id: string }[],
): Promise<[string, CacheEntry][]> {
  const { sql, tables, model } = context;
  const rows = await readDemandRows(sql, tables, objectKeys, subjectKeys, arrowBases(model));
  let loadedAt = 0;
  type Found = { type: string; id: string; relations: RelationRecord[]; record?: ObjectRecord };
  const found = new Map<string, Found>();
  const subjects: [string, boolean][] = [];
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
    else if (row.kind === 's' || row.kind === 'n')
      subjects.push([cacheKey.subject(row.object_type, row.object_id), row.kind === 's']);
    else {
      const record = objectFromRow(row);
      entryOf(row.object_type, row.object_id).record = {
        ...record,
        type: model.types.get(record.type)?.name ?? record.type,
      };
    }
  }
  const objectEntries = [...found].map(
    ([key, { type, id, relations: records, record }]): [string, CacheEntry] => [
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
    ],
  );
  const subjectEntries = subjects.map(([key, exists]): [string, CacheEntry] => [
    key,
    { kind: 'subject', exists, weight: 1, loadedAt, used: true },
  ]);
  return [...objectEntries, ...subjectEntries];
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
  if (objects.length > 0 || subjects.length > 0)
    loads.push(loadObjectsAndSubjects(context, objects, subjects));
  return (await Promise.all(loads)).flat();
}
