/**
 * The relation-graph port: reverse lookups on the directory, in both directions Topaz's
 * directory `GetGraph` offers — the objects a subject reaches through a relation or permission
 * (which documents can this user read?), and the subjects that reach an object, each with the
 * relations that grant it (who can read this document, and why?). Arrows (`parent->can_read`)
 * and subject sets (`group#member`) are followed as a check follows them.
 */
import type { Relation, RelationDirectory } from './relation-directory.ts';

/** The objects of `objectType` on which subject `subjectType:subjectId` has `relation`. */
export interface ObjectSearch {
  readonly objectType: string;
  /** A relation or permission of `objectType`, e.g. `can_read`. */
  readonly relation: string;
  readonly subjectType: string;
  readonly subjectId: string;
}

/** The subjects of `subjectType` that have `relation` on `objectType:objectId`. */
export interface SubjectSearch {
  readonly objectType: string;
  readonly objectId: string;
  /** A relation or permission of `objectType`, e.g. `can_read`. */
  readonly relation: string;
  readonly subjectType: string;
  /** Search subject sets instead (e.g. `member` finds the groups `group:<id>#member`). */
  readonly subjectRelation?: string;
}

/**
 * A subject found by a {@link SubjectSearch}: id `*` stands for a wildcard grant (every subject
 * of the type, e.g. a public document's `reader: user:*`).
 */
export interface GraphSubject {
  readonly type: string;
  readonly id: string;
  /** The subject set's relation when the search asked for subject sets. */
  readonly relation?: string;
  /**
   * Why the subject has the relation: chains of stored relations, each leading from the searched
   * object (its first relation's object) to the subject (its last relation's subject), e.g.
   * `[document:7#parent@folder:3, folder:3#owner@user:ann]`. At least one chain per subject;
   * a directory whose explanations skip steps says so in its documentation.
   */
  readonly paths: readonly (readonly Relation[])[];
}

/** Options of a graph search. */
export interface GraphSearchOptions {
  /** Aborts the search (a remote directory cancels its call). */
  readonly signal?: AbortSignal;
}

/** Reverse lookups on the directory (Topaz's `GetGraph`). */
export interface RelationGraph {
  /**
   * The ids of the objects the subject reaches, sorted.
   *
   * @throws when a type, relation or permission is unknown to the directory's model, or the
   *   directory is unreachable
   * @example
   * const readable = await graph.findObjects({
   *   objectType: 'document', relation: 'can_read', subjectType: 'user', subjectId: 'ann',
   * });
   */
  findObjects(search: ObjectSearch, options?: GraphSearchOptions): Promise<string[]>;
  /**
   * The subjects that reach the object, sorted by type and id, each with its explanation.
   *
   * @throws when a type, relation or permission is unknown to the directory's model, or the
   *   directory is unreachable
   * @example
   * const readers = await graph.findSubjects({
   *   objectType: 'document', objectId: '7', relation: 'can_read', subjectType: 'user',
   * });
   * // [{ type: 'user', id: 'ann', paths: [[{ objectType: 'document', objectId: '7', relation: 'owner', … }]] }]
   */
  findSubjects(search: SubjectSearch, options?: GraphSearchOptions): Promise<GraphSubject[]>;
}

/** A relation directory that also answers graph searches. */
export type GraphRelationDirectory = RelationDirectory & RelationGraph;

/** Whether `directory` answers graph searches. */
export function canSearchGraph(directory: RelationDirectory): directory is GraphRelationDirectory {
  const candidate = directory as Partial<RelationGraph>;
  return typeof candidate.findObjects === 'function' && typeof candidate.findSubjects === 'function';
}
