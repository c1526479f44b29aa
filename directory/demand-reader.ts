/**
 * The reader of a store that loads on demand: the same check resolution, relation queries and
 * searches as the full index, over a {@link DemandCache}. A read inside a {@link ReadScope} that
 * touches something not in memory notes it as a miss and goes on as if it were absent (an
 * unknown pre-condition counts as met, so that one pass notes as much as it can); the store then
 * loads every miss at once and runs the read again, until a pass misses nothing — only that
 * pass's answer is returned. Outside a scope a miss is an error (`not_loaded`).
 */
import type { GraphSubject, RelationCheck, SubjectSearch } from '@gatehousejs/core';
import { type CheckPlan, compileCheckPlan } from './check-plan.ts';
import { cacheKey, type DemandCache } from './demand-cache.ts';
import type { CacheEntry, ObjectEntry } from './demand-entries.ts';
import { DirectoryError } from './errors.ts';
import { type GraphRules, graphRules, validateSubjectSearch } from './graph-rules.ts';
import { validateGraphQuery } from './graph-search.ts';
import type { DirectoryModel } from './model.ts';
import type { ObjectNode } from './object-node.ts';
import { type CheckIndex, type CheckLimits, resolveCheck } from './relation-check.ts';
import { compareRecords, relationMatcher } from './relation-index.ts';
import type {
  CheckResult,
  DirectoryReader,
  GraphNode,
  GraphQuery,
  ObjectRecord,
  RelationQuery,
  RelationRecord,
} from './relation-store.ts';
import { searchSubjects } from './subject-paths.ts';

/** Something a read needed that was not in memory. */
export type Miss =
  | { readonly kind: 'object'; readonly type: string; readonly id: string }
  | { readonly kind: 'subject'; readonly type: string; readonly id: string }
  | { readonly kind: 'query'; readonly query: RelationQuery }
  | { readonly kind: 'graph'; readonly query: GraphQuery };

/** One read's misses, and the entries loaded for it (kept even if the cache evicts them meanwhile). */
export class ReadScope {
  readonly misses = new Map<string, Miss>();
  readonly pinned = new Map<string, CacheEntry>();
}

function describeMiss(miss: Miss): string {
  switch (miss.kind) {
    case 'object':
    case 'subject':
      return `${miss.kind} ${miss.type}:${miss.id}`;
    default:
      return `${miss.kind} ${JSON.stringify(miss.query)}`;
  }
}

/** The reader over the cache. */
export class DemandReader implements DirectoryReader, CheckIndex {
  readonly model: DirectoryModel;
  readonly #plan: CheckPlan;
  readonly #rules: GraphRules;
  readonly #limits: CheckLimits;
  readonly #cache: DemandCache;
  #scope: ReadScope | undefined;

  constructor(model: DirectoryModel, limits: CheckLimits, cache: DemandCache) {
    this.model = model;
    this.#plan = compileCheckPlan(model);
    this.#rules = graphRules(model);
    this.#limits = limits;
    this.#cache = cache;
  }

  /** Runs `read` with misses noted in `scope` (synchronous, so scopes never interleave). */
  within<T>(scope: ReadScope, read: () => T): T {
    const outer = this.#scope;
    this.#scope = scope;
    try {
      return read();
    } finally {
      this.#scope = outer;
    }
  }

  #entry(key: string, miss: () => Miss): CacheEntry | undefined {
    const entry = this.#cache.get(key) ?? this.#scope?.pinned.get(key);
    if (entry) return entry;
    const missed = miss();
    if (!this.#scope) {
      throw new DirectoryError(
        'not_loaded',
        `${describeMiss(missed)} is not in memory: this store loads on demand, read through check() or readThrough()`,
      );
    }
    this.#scope.misses.set(key, missed);
    return undefined;
  }

  #object(type: string, id: string): ObjectEntry | undefined {
    return this.#entry(cacheKey.object(type, id), () => ({ kind: 'object', type, id })) as
      | ObjectEntry
      | undefined;
  }

  node(objectType: string, objectId: string): ObjectNode | undefined {
    return this.#object(objectType, objectId)?.node;
  }

  isRelationObject(type: string, id: string): boolean {
    const entry = this.#object(type, id);
    return entry === undefined || entry.node !== undefined;
  }

  isRelationSubject(type: string, id: string): boolean {
    const entry = this.#entry(cacheKey.subject(type, id), () => ({ kind: 'subject', type, id }));
    return entry?.kind !== 'subject' || entry.exists;
  }

  check(check: RelationCheck): CheckResult {
    return resolveCheck(this.#plan, this, this.#limits, check);
  }

  object(type: string, id: string): ObjectRecord | undefined {
    return this.#object(type, id)?.record;
  }

  relations(query: RelationQuery): RelationRecord[] {
    if (query.objectType !== undefined && query.objectId !== undefined) {
      const node = this.node(query.objectType, query.objectId);
      const matches = relationMatcher(query);
      const out: RelationRecord[] = [];
      for (const bucket of node?.values() ?? []) {
        if (query.relation !== undefined && bucket.relation !== query.relation) continue;
        for (const record of bucket.records()) if (matches(record)) out.push(record);
      }
      return out.sort(compareRecords);
    }
    const entry = this.#entry(cacheKey.query(query), () => ({ kind: 'query', query }));
    return entry?.kind === 'query' ? [...entry.records] : [];
  }

  graph(query: GraphQuery): GraphNode[] {
    validateGraphQuery(this.#plan, query);
    const entry = this.#entry(cacheKey.graph(query), () => ({ kind: 'graph', query }));
    return entry?.kind === 'graph' ? [...entry.nodes] : [];
  }

  subjects(search: SubjectSearch): GraphSubject[] {
    validateSubjectSearch(this.model, search);
    return searchSubjects(this.#rules, this, this.#limits, search);
  }
}
