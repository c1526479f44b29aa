/**
 * The bounded cache of a store that loads on demand: what reads needed, each entry tagged with
 * the version of the database it was read at, kept current by the change feed and evicted
 * (second chance, oldest first) once the relations it holds pass the budget.
 *
 * Every logged change overwrites cells (a relation present or absent, an object's record), so an
 * entry read at any version at or after `loadedAt` is brought to the present by applying, in
 * order, the changes logged after `loadedAt`: those the cache already replayed are re-applied
 * from a ring of recent changes when the entry arrives, later ones as they are replayed. An entry
 * older than the ring reaches is refused (its read is repeated).
 */
import type { Relation } from '@gatehousejs/core';
import { applyToObject, applyToQuery, type CacheEntry } from './demand-entries.ts';
import type { LoggedChange } from './postgres-tables.ts';
import { relationMatcher } from './relation-index.ts';
import type { RelationQuery, RelationRecord } from './relation-store.ts';

/** Cache keys by kind. */
export const cacheKey = {
  object: (type: string, id: string) => `o${type}\u0000${id}`,
  subject: (type: string, id: string) => `s${type}\u0000${id}`,
  query: (query: RelationQuery) => `q${JSON.stringify(query, Object.keys(query).sort())}`,
  graph: (query: object) => `g${JSON.stringify(query, Object.keys(query).sort())}`,
};

/** A query entry's predicate. */
export function queryMatcher(query: RelationQuery): (record: RelationRecord) => boolean {
  return relationMatcher(query);
}

/** The bounded, versioned cache. */
export class DemandCache {
  readonly #entries = new Map<string, CacheEntry>();
  readonly #queries = new Set<string>();
  readonly #graphs = new Set<string>();
  readonly #budget: number;
  readonly #ringSize: number;
  #ring: LoggedChange[] = [];
  // Changes after this version are all in the ring.
  #ringFloor = 0;
  #version = 0;
  #weight = 0;

  /**
   * @param budget most relations held (an entry counts its relations plus one)
   * @param ringSize recent changes kept to bring late-arriving entries up to date
   */
  constructor(budget: number, ringSize: number) {
    this.#budget = budget;
    this.#ringSize = ringSize;
  }

  /** Relations (and entries) held, against the budget. */
  get weight(): number {
    return this.#weight;
  }

  /** Entries held. */
  get size(): number {
    return this.#entries.size;
  }

  /** Whether the cache holds `key` (without marking it used). */
  has(key: string): boolean {
    return this.#entries.has(key);
  }

  /** The entry, marked as used. */
  get(key: string): CacheEntry | undefined {
    const entry = this.#entries.get(key);
    if (entry) entry.used = true;
    return entry;
  }

  /**
   * Brings a loaded entry up to date and keeps it (evicting others past the budget); returns
   * `false` when it cannot be brought up to date — older than the ring reaches, or dropped by a
   * change since (nothing kept: read it again).
   */
  put(key: string, entry: CacheEntry): boolean {
    if (entry.loadedAt < this.#version) {
      if (entry.loadedAt < this.#ringFloor) return false;
      for (const logged of this.#ring) if (!this.#applyTo(key, entry, logged)) return false;
    }
    const previous = this.#entries.get(key);
    if (previous) this.#drop(key, previous);
    if (entry.weight > this.#budget) return true;
    this.#entries.set(key, entry);
    this.#weight += entry.weight;
    if (entry.kind === 'query') this.#queries.add(key);
    if (entry.kind === 'graph') this.#graphs.add(key);
    this.#evict(key);
    return true;
  }

  /** Applies a replayed change to every entry read before it; keeps it in the ring. */
  apply(logged: LoggedChange): void {
    const { change } = logged;
    if (change.op === 'deleteObject') {
      for (const [key, entry] of [...this.#entries])
        if (!this.#applyTo(key, entry, logged)) this.#dropKey(key);
    } else {
      const relation = change.op === 'setObject' ? undefined : change.relation;
      const objectType = change.op === 'setObject' ? change.object.type : (relation as Relation).objectType;
      const objectId = change.op === 'setObject' ? change.object.id : (relation as Relation).objectId;
      const keys = [cacheKey.object(objectType, objectId), ...this.#queries];
      if (relation) keys.push(cacheKey.subject(relation.subjectType, relation.subjectId));
      for (const key of keys) {
        const entry = this.#entries.get(key);
        if (entry && !this.#applyTo(key, entry, logged)) this.#dropKey(key);
      }
    }
    for (const key of [...this.#graphs]) this.#dropKey(key);
    // A subject that just gained a relation is known to hold one, loaded or not.
    if (change.op === 'setRelation') {
      const key = cacheKey.subject(change.relation.subjectType, change.relation.subjectId);
      if (!this.#entries.has(key)) {
        this.put(key, { kind: 'subject', exists: true, weight: 1, loadedAt: logged.version, used: false });
      }
    }
    this.#ring.push(logged);
    if (this.#ring.length > this.#ringSize * 2) {
      const cut = this.#ring.length - this.#ringSize;
      this.#ringFloor = (this.#ring[cut - 1] as LoggedChange).version;
      this.#ring = this.#ring.slice(cut);
    }
    this.#version = logged.version;
  }

  /** Forgets everything: the database is at `version` and nothing older is known. */
  clear(version: number): void {
    this.#entries.clear();
    this.#queries.clear();
    this.#graphs.clear();
    this.#ring = [];
    this.#ringFloor = version;
    this.#version = version;
    this.#weight = 0;
  }

  /**
   * Applies a change to one entry (held or arriving); `false` when the entry cannot follow the
   * change and must go (a subject that lost a relation may have no other; a graph answer).
   */
  #applyTo(key: string, entry: CacheEntry, { version, change }: LoggedChange): boolean {
    if (version <= entry.loadedAt) return true;
    const before = entry.weight;
    switch (entry.kind) {
      case 'object':
        applyToObject(entry, change);
        break;
      case 'subject':
        if (change.op === 'setRelation') entry.exists = true;
        return change.op === 'setRelation' || change.op === 'setObject';
      case 'query':
        applyToQuery(entry, change);
        break;
      case 'graph':
        return false;
    }
    if (this.#entries.get(key) === entry) this.#weight += entry.weight - before;
    return true;
  }

  #dropKey(key: string): void {
    const entry = this.#entries.get(key);
    if (entry) this.#drop(key, entry);
  }

  #drop(key: string, entry: CacheEntry): void {
    this.#entries.delete(key);
    this.#queries.delete(key);
    this.#graphs.delete(key);
    this.#weight -= entry.weight;
  }

  // Second chance: an entry used since it was last passed moves to the back once.
  #evict(keep: string): void {
    while (this.#weight > this.#budget) {
      const next = this.#entries.entries().next();
      if (next.done) return;
      const [key, entry] = next.value;
      this.#entries.delete(key);
      if (key === keep || entry.used) {
        entry.used = false;
        this.#entries.set(key, entry);
        if (key === keep && this.#entries.size === 1) return;
        continue;
      }
      this.#queries.delete(key);
      this.#graphs.delete(key);
      this.#weight -= entry.weight;
    }
  }
}
