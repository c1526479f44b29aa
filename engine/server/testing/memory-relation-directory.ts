/**
 * An in-memory {@link RelationDirectory} for tests of the server and of Topaz clients: objects,
 * relations, and permissions defined as unions of relations (`can_read = reader | owner`).
 */
import type {
  DirectoryObject,
  Relation,
  RelationCheck,
  RelationDirectory,
  RelationFilter,
} from '../../../core/index.ts';

/** Permissions per object type: permission name → the relations that grant it. */
export type PermissionUnions = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

const key = (r: Relation) =>
  [r.objectType, r.objectId, r.relation, r.subjectType, r.subjectId, r.subjectRelation ?? ''].join('|');

/** A relation directory held in memory. */
export class MemoryRelationDirectory implements RelationDirectory {
  readonly objects = new Map<string, DirectoryObject>();
  readonly relations = new Map<string, Relation>();
  readonly #permissions: PermissionUnions;

  constructor(permissions: PermissionUnions = {}) {
    this.#permissions = permissions;
  }

  async setObject(object: DirectoryObject): Promise<void> {
    this.objects.set(`${object.type}:${object.id}`, object);
  }

  async deleteObject(type: string, id: string): Promise<void> {
    this.objects.delete(`${type}:${id}`);
    for (const [k, r] of this.relations) {
      if ((r.objectType === type && r.objectId === id) || (r.subjectType === type && r.subjectId === id)) {
        this.relations.delete(k);
      }
    }
  }

  async setRelation(relation: Relation): Promise<void> {
    this.relations.set(key(relation), relation);
  }

  async deleteRelation(relation: Relation): Promise<void> {
    this.relations.delete(key(relation));
  }

  async getRelations(filter: RelationFilter): Promise<Relation[]> {
    return [...this.relations.values()].filter((r) =>
      Object.entries(filter).every(
        ([name, value]) => value === undefined || r[name as keyof Relation] === value,
      ),
    );
  }

  async check(check: RelationCheck): Promise<boolean> {
    const granting = this.#permissions[check.objectType]?.[check.relation] ?? [check.relation];
    return [...this.relations.values()].some(
      (r) =>
        r.objectType === check.objectType &&
        r.objectId === check.objectId &&
        granting.includes(r.relation) &&
        r.subjectType === check.subjectType &&
        (r.subjectId === check.subjectId || r.subjectId === '*'),
    );
  }
}
