/**
 * The relation-directory port: the relationships (Topaz directory v3 model) that relationship
 * checks read, written by applications whenever their data changes. Implemented by the engine's
 * relation store and by the Topaz adapter's directory client.
 */

/** An object in the directory, e.g. `{ type: 'document', id: '42' }`. */
export interface DirectoryObject {
  readonly type: string;
  readonly id: string;
  readonly displayName?: string;
  readonly properties?: Readonly<Record<string, unknown>>;
}

/**
 * A relation `objectType:objectId#relation@subjectType:subjectId[#subjectRelation]`.
 * `subjectId` `'*'` is a wildcard subject (every subject of that type);
 * `subjectRelation` makes the subject a set (e.g. `group:eng#member`).
 */
export interface Relation {
  readonly objectType: string;
  readonly objectId: string;
  readonly relation: string;
  readonly subjectType: string;
  readonly subjectId: string;
  readonly subjectRelation?: string;
}

/** A relationship question: does `subject` have `relation` (or permission) on `object`? */
export interface RelationCheck {
  readonly objectType: string;
  readonly objectId: string;
  readonly relation: string;
  readonly subjectType: string;
  readonly subjectId: string;
}

/** A filter over relations; absent fields match anything. */
export type RelationFilter = Partial<Relation>;

/**
 * Reads and writes relationships. Writes are idempotent: setting an existing relation or
 * deleting an absent one succeeds, so a replayed change converges.
 */
export interface RelationDirectory {
  setObject(object: DirectoryObject): Promise<void>;
  /** Deletes the object and every relation in which it is object or subject. */
  deleteObject(type: string, id: string): Promise<void>;
  setRelation(relation: Relation): Promise<void>;
  deleteRelation(relation: Relation): Promise<void>;
  getRelations(filter: RelationFilter): Promise<Relation[]>;
  check(check: RelationCheck): Promise<boolean>;
}

/**
 * One write to a directory, named after the {@link RelationDirectory} method it stands for: the one
 * shape of a directory change from end to end — what an application's outbox stores, what a batch
 * applies, what the engine's PostgreSQL store logs (its objects and relations with their
 * timestamps: `O` and `R`).
 */
export type DirectoryWrite<O extends DirectoryObject = DirectoryObject, R extends Relation = Relation> =
  | { readonly op: 'setObject'; readonly object: O }
  | { readonly op: 'deleteObject'; readonly type: string; readonly id: string }
  | { readonly op: 'setRelation'; readonly relation: R }
  | { readonly op: 'deleteRelation'; readonly relation: Relation };

/**
 * Applies one write to `directory` by the method it stands for.
 *
 * @example
 * await applyDirectoryWrite(directory, { op: 'deleteObject', type: 'document', id: '7' });
 */
export function applyDirectoryWrite(directory: RelationDirectory, write: DirectoryWrite): Promise<void> {
  switch (write.op) {
    case 'setObject':
      return directory.setObject(write.object);
    case 'deleteObject':
      return directory.deleteObject(write.type, write.id);
    case 'setRelation':
      return directory.setRelation(write.relation);
    case 'deleteRelation':
      return directory.deleteRelation(write.relation);
  }
}

/**
 * A directory that can also apply several writes at once: in the given order, all or none (one
 * transaction), as if each method had been called in turn. Callers that deliver many changes
 * use it when present and fall back to one call per write to find a failing one.
 */
export interface BatchRelationDirectory extends RelationDirectory {
  /**
   * @throws when any write is invalid or the directory is unreachable; then none was applied
   * @example
   * await directory.applyBatch([
   *   { op: 'setObject', object: { type: 'document', id: '7' } },
   *   { op: 'setRelation', relation: { objectType: 'document', objectId: '7', relation: 'owner', subjectType: 'user', subjectId: 'ann' } },
   * ]);
   */
  applyBatch(writes: readonly DirectoryWrite[]): Promise<void>;
}

/** Whether `directory` can apply a batch of writes at once. */
export function canApplyBatch(directory: RelationDirectory): directory is BatchRelationDirectory {
  return typeof (directory as Partial<BatchRelationDirectory>).applyBatch === 'function';
}
