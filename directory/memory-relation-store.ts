/**
 * The in-memory relation store: validated, idempotent writes straight into the index. For
 * tests, policy evaluation on one machine, and as the reference the Postgres store matches.
 */
import type {
  DirectoryObject,
  ObjectSearch,
  Relation,
  RelationCheck,
  RelationFilter,
  SubjectSearch,
} from '@gatehousejs/core';
import { type DirectoryChange, DirectoryState } from './directory-state.ts';
import { DirectoryError } from './errors.ts';
import { relationRecord, toRelation } from './relation-records.ts';
import type { RelationStore } from './relation-store.ts';
import {
  type MemoryRelationStoreOptions,
  memoryRelationStoreSchema,
  parseStoreOptions,
} from './store-options.ts';
import {
  objectKey,
  relationFilter,
  relationShape,
  validateObjectWrite,
  validateRelationWrite,
} from './write-validation.ts';

/**
 * Creates an in-memory relation store for a manifest.
 *
 * @param options `manifest` (required), `clock` (default: system clock), `limits` (default depth 100, 100,000 steps)
 * @example
 * const store = createMemoryRelationStore({ manifest: parseManifest(text, 'manifest.yaml') });
 * await store.setRelation({ objectType: 'document', objectId: 'd1', relation: 'owner', subjectType: 'user', subjectId: 'ann' });
 * store.checkNow({ objectType: 'document', objectId: 'd1', relation: 'can_read', subjectType: 'user', subjectId: 'ann' });
 */
export function createMemoryRelationStore(options: MemoryRelationStoreOptions): RelationStore {
  const config = parseStoreOptions(memoryRelationStoreSchema, options, 'memory relation store');
  const state = new DirectoryState(config.manifest, config.limits);
  let closed = false;
  const write = async (change: () => DirectoryChange): Promise<void> => {
    if (closed) throw new DirectoryError('store_closed', 'the relation store is closed');
    state.apply(change());
  };

  return {
    model: config.manifest,
    reader: state,
    setObject: (object: DirectoryObject) =>
      write(() => {
        const valid = validateObjectWrite(state.model, object);
        const now = config.clock.now();
        const createdAt = state.object(valid.type, valid.id)?.createdAt ?? now;
        return { op: 'setObject', object: { ...valid, createdAt, updatedAt: now } };
      }),
    deleteObject: (type: string, id: string) => write(() => ({ op: 'deleteObject', ...objectKey(type, id) })),
    setRelation: (relation: Relation) =>
      write(() => {
        const valid = validateRelationWrite(state.model, relation);
        return { op: 'setRelation', relation: relationRecord(valid, config.clock.now()) };
      }),
    deleteRelation: (relation: Relation) =>
      write(() => ({ op: 'deleteRelation', relation: relationShape(relation) })),
    getRelations: async (filter: RelationFilter) => state.relations(relationFilter(filter)).map(toRelation),
    check: async (check: RelationCheck) => state.check(check).check,
    checkNow: (check: RelationCheck) => state.check(check).check,
    checks: async (batch: readonly RelationCheck[]) => batch.map((check) => state.check(check).check),
    readThrough: async <T>(read: () => T) => read(),
    findObjects: async (search: ObjectSearch) => state.graph(search).map((node) => node.objectId),
    findSubjects: async (search: SubjectSearch) => state.subjects(search),
    close: async () => {
      closed = true;
    },
  };
}
