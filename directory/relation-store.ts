/**
 * The relation store port: core's `RelationDirectory` plus what the embedded engine needs —
 * batch checks, and synchronous reads (`checkNow`, `reader`) because the Rego evaluator is
 * synchronous and `ds.check` must answer without I/O. The memory store and the Postgres store's
 * `snapshot` loading hold every relation in an index that serves every read; its `on-demand`
 * loading holds a bounded cache, and synchronous reads go through `readThrough`.
 */
import type {
  GraphSubject,
  RelationCheck,
  RelationDirectory,
  RelationFilter,
  RelationGraph,
  SubjectSearch,
} from '@gatehousejs/core';
import type { DirectoryModel } from './model.ts';

/** A stored object: type, id, display name, properties and timestamps (ms since the epoch). */
export interface ObjectRecord {
  readonly type: string;
  readonly id: string;
  readonly displayName: string;
  readonly properties: Readonly<Record<string, unknown>>;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** A stored relation: the port's relation plus its creation time (ms since the epoch; relations never change). */
export interface RelationRecord {
  readonly objectType: string;
  readonly objectId: string;
  readonly relation: string;
  readonly subjectType: string;
  readonly subjectId: string;
  /** Absent when the subject is a single object rather than a subject set. */
  readonly subjectRelation?: string;
  readonly createdAt: number;
}

/**
 * A relation query: absent fields match anything; `subjectRelation: ''` matches only relations
 * without a subject relation, as does `withoutSubjectRelation: true`.
 */
export interface RelationQuery extends RelationFilter {
  readonly withoutSubjectRelation?: boolean;
}

/** The outcome of a check; `reason` says why a check could not be evaluated (unknown type…). */
export interface CheckResult {
  readonly check: boolean;
  readonly reason?: string;
}

/**
 * A graph search (Topaz's `GetGraph`): with `objectId` absent, the objects of `objectType`
 * on which the subject has `relation`; with `subjectId` absent, the subjects of `subjectType`
 * that have `relation` on the object (a wildcard grant appears as subject id `*`).
 */
export interface GraphQuery {
  readonly objectType: string;
  readonly objectId?: string;
  readonly relation: string;
  readonly subjectType: string;
  readonly subjectId?: string;
}

/** An object or subject found by a graph search. */
export interface GraphNode {
  readonly objectType: string;
  readonly objectId: string;
}

/** Synchronous reads over a store's in-memory index. */
export interface DirectoryReader {
  readonly model: DirectoryModel;
  /** Resolves a check (Topaz semantics); an unknown type, relation or permission is `false` with a reason. */
  check(check: RelationCheck): CheckResult;
  /** The object, or `undefined`. */
  object(type: string, id: string): ObjectRecord | undefined;
  /** Relations matching the query, sorted by object, relation and subject. */
  relations(query: RelationQuery): RelationRecord[];
  /** Objects or subjects connected by a relation or permission; throws `invalid_query` on a bad query. */
  graph(query: GraphQuery): GraphNode[];
  /**
   * The subjects that reach an object, each with the chains of relations that grant it;
   * throws `invalid_query` on a bad search.
   */
  subjects(search: SubjectSearch): GraphSubject[];
}

/**
 * A relation store: writes are validated against the manifest (unknown types and relations a
 * subject type may not hold are rejected with `invalid_relation` / `invalid_object`) and are
 * idempotent; reads are answered from memory. Graph searches (`findObjects`, `findSubjects`)
 * follow arrows and subject sets as checks do.
 */
export interface RelationStore extends RelationDirectory, RelationGraph {
  readonly model: DirectoryModel;
  readonly reader: DirectoryReader;
  /**
   * `check` without a promise: answered from memory, no I/O. A store that loads on demand throws
   * `not_loaded` when the check needs what is not in memory (use `check`, or `readThrough`).
   */
  checkNow(check: RelationCheck): boolean;
  /**
   * Runs synchronous reads (`reader`, `checkNow`, the `ds.*` built-ins) so that everything they
   * touch is in memory: a store that loads on demand runs `read`, loads what it missed and runs
   * it again until nothing is missing; a store holding everything just runs it.
   */
  readThrough<T>(read: () => T): Promise<T>;
  /** Several checks, answers in the same order. */
  checks(batch: readonly RelationCheck[]): Promise<boolean[]>;
  /** Releases connections and listeners; later writes fail with `store_closed`. */
  close(): Promise<void>;
}
