/**
 * The `on-demand` loading of the Postgres relation store: a bounded {@link DemandCache} read by
 * a {@link DemandReader}, filled by {@link loadMisses} and kept current by the change feed. A read
 * runs, loads what it missed (every miss of a pass in one round of statements; a miss another
 * read is already loading is awaited, not loaded twice) and runs again until it misses nothing.
 */

import { DemandCache } from './demand-cache.ts';
import type { CacheEntry } from './demand-entries.ts';
import { type DemandLoadContext, loadMisses } from './demand-loads.ts';
import { DemandReader, type Miss, ReadScope } from './demand-reader.ts';
import { DirectoryError } from './errors.ts';
import type { DirectoryModel } from './model.ts';
import type { StoreSide } from './postgres-change-feed.ts';
import type { Sql } from './postgres-driver/index.ts';
import {
  findObjectsInPostgres,
  findSubjectsInPostgres,
  type PostgresGraphContext,
} from './postgres-graph.ts';
import type { DirectoryTables } from './postgres-tables.ts';
import type { CheckLimits } from './relation-check.ts';
import type { GraphNode, GraphQuery } from './relation-store.ts';

/** What the on-demand side needs from the store. */
export interface OnDemandSettings {
  readonly sql: Sql;
  readonly tables: DirectoryTables;
  readonly model: DirectoryModel;
  readonly limits: CheckLimits;
  /** Most relations held in memory. */
  readonly cacheBudget: number;
  /** Recent changes kept to bring entries that arrive late up to date. */
  readonly ringSize: number;
  /** The change feed's version. */
  readonly version: () => number;
  readonly graph: PostgresGraphContext;
}

async function graphSearch(graph: PostgresGraphContext, query: GraphQuery): Promise<GraphNode[]> {
  const { objectType, objectId, relation, subjectType, subjectId } = query;
  if (objectId === undefined) {
    const ids = await findObjectsInPostgres(graph, {
      objectType,
      relation,
      subjectType,
      subjectId: subjectId ?? '',
    });
    return ids.map((id) => ({ objectType, objectId: id }));
  }
  if (subjectId === undefined) {
    const subjects = await findSubjectsInPostgres(graph, { objectType, objectId, relation, subjectType });
    return subjects.map((s) => ({ objectType: s.type, objectId: s.id }));
  }
  const [holds] = await graph.confirm([{ objectType, objectId, relation, subjectType, subjectId }]);
  return holds ? [{ objectType: subjectType, objectId: subjectId }] : [];
}

/** The reader, feed target and `readThrough` of a store that loads on demand. */
export function onDemandSide(settings: OnDemandSettings): StoreSide {
  const cache = new DemandCache(settings.cacheBudget, settings.ringSize);
  const reader = new DemandReader(settings.model, settings.limits, cache);
  const context: DemandLoadContext = {
    sql: settings.sql,
    tables: settings.tables,
    model: settings.model,
    graph: (query) => graphSearch(settings.graph, query),
    version: settings.version,
  };
  const loading = new Map<string, Promise<CacheEntry | undefined>>();
  // A pass of loads can need as many rounds as a check has levels; past that something is wrong.
  const maxRounds = settings.limits.maxDepth + 10;

  const load = async (misses: ReadonlyMap<string, Miss>, scope: ReadScope): Promise<void> => {
    const fresh = new Map([...misses].filter(([key]) => !loading.has(key)));
    if (fresh.size > 0) {
      const batch = loadMisses(context, fresh).then((entries) => {
        // What came along unasked (an arrow's targets) is kept unless already held.
        for (const [key, entry] of entries) if (!fresh.has(key) && !cache.has(key)) cache.put(key, entry);
        return new Map(entries);
      });
      for (const key of fresh.keys()) {
        const entry = batch.then((entries) => entries.get(key));
        loading.set(key, entry);
        entry.then(
          () => loading.delete(key),
          () => loading.delete(key),
        );
      }
    }
    const keys = [...misses.keys()];
    const entries = await Promise.all(keys.map((key) => loading.get(key)));
    for (const [i, key] of keys.entries()) {
      const entry = entries[i];
      // An entry older than the cache can bring up to date is read again; a graph answer is used
      // once even so (any change drops it from the cache).
      if (entry && (cache.put(key, entry) || entry.kind === 'graph')) scope.pinned.set(key, entry);
    }
  };

  return {
    reader,
    target: {
      apply: (logged) => cache.apply(logged),
      reload: async () => {
        const [state] = await settings.sql`SELECT version::text AS version
          FROM ${settings.sql(`${settings.tables.schema}.state`)} WHERE id = 1`;
        const version = Number(state?.version ?? 0);
        cache.clear(version);
        return version;
      },
    },
    readThrough: async <T>(read: () => T): Promise<T> => {
      const scope = new ReadScope();
      for (let round = 1; ; round++) {
        scope.misses.clear();
        let result: T | undefined;
        let failure: { error: unknown } | undefined;
        try {
          result = reader.within(scope, read);
        } catch (error) {
          failure = { error };
        }
        if (scope.misses.size === 0) {
          if (failure) throw failure.error;
          return result as T;
        }
        if (round > maxRounds) {
          throw new DirectoryError(
            'store_unavailable',
            `a read still missed ${scope.misses.size} entries after ${maxRounds} loads`,
          );
        }
        try {
          await load(new Map(scope.misses), scope);
        } catch (cause) {
          if (cause instanceof DirectoryError) throw cause;
          throw new DirectoryError('store_unavailable', `loading the directory failed: ${String(cause)}`, {
            cause,
          });
        }
      }
    },
  };
}
