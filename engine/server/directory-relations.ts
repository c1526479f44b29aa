/**
 * Conversions between the directory v3 wire messages and core's relation-directory types, and the
 * etags and timestamps Topaz stamps on written objects and relations.
 */
import { createHash } from 'node:crypto';
import type {
  Object$,
  ObjectSchema,
  RelationSchema,
} from '@aserto/node-directory/src/gen/cjs/aserto/directory/common/v3/common_pb.js';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { DirectoryObject, Relation, RelationFilter } from '../../core/index.ts';

/** The fields a relation is identified by on the wire (request messages and `Relation`). */
export interface WireRelationFields {
  readonly objectType: string;
  readonly objectId: string;
  readonly relation: string;
  readonly subjectType: string;
  readonly subjectId: string;
  readonly subjectRelation?: string;
}

/** The core relation named by wire fields (an empty subject relation is none). */
export function relationOf(wire: WireRelationFields): Relation {
  const { objectType, objectId, relation, subjectType, subjectId, subjectRelation } = wire;
  return subjectRelation
    ? { objectType, objectId, relation, subjectType, subjectId, subjectRelation }
    : { objectType, objectId, relation, subjectType, subjectId };
}

/** A filter holding the non-empty wire fields. */
export function filterOf(wire: Partial<WireRelationFields>): RelationFilter {
  return Object.fromEntries(
    Object.entries({
      objectType: wire.objectType,
      objectId: wire.objectId,
      relation: wire.relation,
      subjectType: wire.subjectType,
      subjectId: wire.subjectId,
      subjectRelation: wire.subjectRelation,
    }).filter(([, value]) => value !== undefined && value !== ''),
  );
}

function etagOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 20);
}

/** A relation as the directory returns it, with an etag and, for a write, the time `writtenAt`. */
export function wireRelationOf(
  relation: Relation,
  writtenAt?: Date,
): MessageInitShape<typeof RelationSchema> {
  const wire = { ...relation, subjectRelation: relation.subjectRelation ?? '', etag: etagOf(relation) };
  if (!writtenAt) return wire;
  const stamp = timestampFromDate(writtenAt);
  return { ...wire, createdAt: stamp, updatedAt: stamp };
}

/** The core object carried by a wire object. */
export function directoryObjectOf(wire: Object$): DirectoryObject {
  return {
    type: wire.type,
    id: wire.id,
    ...(wire.displayName ? { displayName: wire.displayName } : {}),
    ...(wire.properties ? { properties: wire.properties } : {}),
  };
}

/** An object as the directory returns it, stamped with an etag and `now`. */
export function wireObjectOf(object: DirectoryObject, now: Date): MessageInitShape<typeof ObjectSchema> {
  const stamp = timestampFromDate(now);
  return {
    type: object.type,
    id: object.id,
    displayName: object.displayName ?? '',
    properties: (object.properties ?? {}) as MessageInitShape<typeof ObjectSchema>['properties'],
    etag: etagOf(object),
    createdAt: stamp,
    updatedAt: stamp,
  };
}
