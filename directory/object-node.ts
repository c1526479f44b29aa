/**
 * The buckets of one object, by slot key (`relation#subjectType#subjectRelation`). Like a
 * bucket, a node keeps its first bucket inline and only allocates a map from the second on —
 * most objects (a document with its one parent) have a single bucket.
 */
import type { RelationRecord } from './relation-store.ts';
import { SubjectBucket } from './subject-bucket.ts';

/** The buckets of one object. */
export class ObjectNode {
  #key: string | undefined;
  #one: SubjectBucket | undefined;
  #many: Map<string, SubjectBucket> | undefined;

  /** Number of buckets. */
  get size(): number {
    return this.#many ? this.#many.size : this.#one ? 1 : 0;
  }

  get(key: string): SubjectBucket | undefined {
    if (this.#many) return this.#many.get(key);
    return this.#key === key ? this.#one : undefined;
  }

  set(key: string, bucket: SubjectBucket): void {
    if (this.#many) {
      this.#many.set(key, bucket);
    } else if (this.#one === undefined || this.#key === key) {
      this.#key = key;
      this.#one = bucket;
    } else {
      this.#many = new Map([
        [this.#key as string, this.#one],
        [key, bucket],
      ]);
      this.#key = undefined;
      this.#one = undefined;
    }
  }

  delete(key: string): void {
    if (this.#many) {
      this.#many.delete(key);
    } else if (this.#key === key) {
      this.#key = undefined;
      this.#one = undefined;
    }
  }

  /** Adds `record` to bucket `key`; `false` when its subject is already there. */
  addRecord(key: string, record: RelationRecord): boolean {
    const bucket = this.get(key);
    if (!bucket) this.set(key, new SubjectBucket(record));
    else if (bucket.has(record.subjectId)) return false;
    else bucket.add(record);
    return true;
  }

  /** Removes subject `subjectId` from bucket `key` (dropping the bucket once empty); returns the record removed. */
  removeRecord(key: string, subjectId: string): RelationRecord | undefined {
    const bucket = this.get(key);
    const record = bucket?.get(subjectId);
    if (!bucket || !record) return undefined;
    bucket.remove(subjectId);
    if (bucket.size === 0) this.delete(key);
    return record;
  }

  /** The buckets, in insertion order. */
  values(): readonly SubjectBucket[] {
    if (this.#many) return [...this.#many.values()];
    return this.#one ? [this.#one] : [];
  }
}
