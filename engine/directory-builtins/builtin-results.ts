/**
 * Topaz's JSON shapes for directory records, as its built-ins return them (protobuf JSON with
 * proto field names and default values emitted): objects, relations, timestamps in RFC 3339,
 * and an `etag` that changes whenever the record does.
 */

import type { ObjectRecord, RelationRecord } from '@gatehousejs/directory';
import { fromJson, type PlainObject, type Value } from '@gatehousejs/rego';

/** A timestamp as protobuf JSON writes it: RFC 3339 in UTC, fractional seconds only when present. */
export function timestampJson(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK = 0xffffffffffffffffn;
const utf8 = new TextEncoder();

/** A 64-bit FNV-1a hash of the parts, in decimal (the form of Topaz's etags). */
export function etag(parts: readonly string[]): string {
  let hash = FNV_OFFSET;
  for (const part of parts) {
    for (const byte of utf8.encode(`${part}\u0000`)) {
      hash = ((hash ^ BigInt(byte)) * FNV_PRIME) & MASK;
    }
  }
  return hash.toString();
}

// Records never change (an update stores a new one), so each one's JSON is built once: a signed-in
// caller's user object goes into the input of every decision, and its etag is costly to hash.
const objectJsonOf = new WeakMap<ObjectRecord, { [key: string]: Value }>();

/**
 * An object as Topaz returns it (`ds.object`, and the `objects` maps of `ds.relation(s)`); the
 * same frozen value for the same record (callers copy it to extend it).
 */
export function objectJson(record: ObjectRecord): { readonly [key: string]: Value } {
  const known = objectJsonOf.get(record);
  if (known) return known;
  const properties = fromJson(record.properties) as PlainObject;
  const json = Object.freeze({
    type: record.type,
    id: record.id,
    display_name: record.displayName,
    properties,
    created_at: timestampJson(record.createdAt),
    updated_at: timestampJson(record.updatedAt),
    etag: etag([record.type, record.id, record.displayName, JSON.stringify(record.properties)]),
  });
  objectJsonOf.set(record, json);
  return json;
}

/** A relation as Topaz returns it. */
export function relationJson(record: RelationRecord): PlainObject {
  const subjectRelation = record.subjectRelation ?? '';
  return {
    object_type: record.objectType,
    object_id: record.objectId,
    relation: record.relation,
    subject_type: record.subjectType,
    subject_id: record.subjectId,
    subject_relation: subjectRelation,
    created_at: timestampJson(record.createdAt),
    updated_at: timestampJson(record.createdAt),
    etag: etag([
      record.objectType,
      record.objectId,
      record.relation,
      record.subjectType,
      record.subjectId,
      subjectRelation,
    ]),
  };
}

/**
 * The `objects` map Topaz adds with `with_objects`: `"type:id"` → object, for the object and the
 * subject of each relation (an object never stored appears with its type and id only).
 */
export function relatedObjectsJson(
  records: readonly RelationRecord[],
  lookup: (type: string, id: string) => ObjectRecord | undefined,
): PlainObject {
  const out: { [key: string]: Value } = {};
  const add = (type: string, id: string) => {
    const found = lookup(type, id);
    out[`${type}:${id}`] = found ? objectJson(found) : { type, id };
  };
  for (const record of records) {
    add(record.objectType, record.objectId);
    add(record.subjectType, record.subjectId);
  }
  return out;
}
