/**
 * The subjects of one relation of one object that share a subject type and subject relation —
 * the unit a check looks up. Most buckets hold a single subject (a document's one parent), so a
 * bucket keeps one record inline and only allocates a map from the second one on: at 100,000
 * relations this is most of the difference between ~30 and ~80 MB.
 */
import type { RelationRecord } from './relation-store.ts';

/** The key of a bucket within an object: `relation#subjectType#subjectRelation`. */
export function slotKey(relation: string, subjectType: string, subjectRelation: string): string {
  return `${relation}#${subjectType}#${subjectRelation}`;
}

/** Subjects of one relation with one subject type and subject relation (`''` for plain subjects). */
export class SubjectBucket {
  readonly relation: string;
  readonly subjectType: string;
  readonly subjectRelation: string;
  #one: RelationRecord | undefined;
  #many: Map<string, RelationRecord> | undefined;

  constructor(first: RelationRecord) {
    this.relation = first.relation;
    this.subjectType = first.subjectType;
    this.subjectRelation = first.subjectRelation ?? '';
    this.#one = first;
  }

  /** Number of subjects. */
  get size(): number {
    return this.#many ? this.#many.size : this.#one ? 1 : 0;
  }

  /** Whether subject `id` (`*` for a wildcard grant) is in the bucket. */
  has(id: string): boolean {
    return this.#many ? this.#many.has(id) : this.#one?.subjectId === id;
  }

  get(id: string): RelationRecord | undefined {
    if (this.#many) return this.#many.get(id);
    return this.#one?.subjectId === id ? this.#one : undefined;
  }

  /** Adds a record whose subject id is not in the bucket yet. */
  add(record: RelationRecord): void {
    if (this.#many) {
      this.#many.set(record.subjectId, record);
    } else if (this.#one) {
      this.#many = new Map([
        [this.#one.subjectId, this.#one],
        [record.subjectId, record],
      ]);
      this.#one = undefined;
    } else {
      this.#one = record;
    }
  }

  /** Removes subject `id`; `false` when it was not there. */
  remove(id: string): boolean {
    if (this.#many) return this.#many.delete(id);
    if (this.#one?.subjectId !== id) return false;
    this.#one = undefined;
    return true;
  }

  /** The subject id when the bucket holds exactly one (the common case, iterated without a map). */
  get onlyId(): string | undefined {
    return this.#many ? undefined : this.#one?.subjectId;
  }

  /** The subject ids when the bucket holds more than one. */
  get manyIds(): IterableIterator<string> | undefined {
    return this.#many?.keys();
  }

  /** The records, in insertion order. */
  records(): readonly RelationRecord[] {
    if (this.#many) return [...this.#many.values()];
    return this.#one ? [this.#one] : [];
  }
}
