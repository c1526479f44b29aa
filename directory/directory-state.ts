/**
 * The state both stores share: the model, the in-memory index and the check limits. It
 * answers every read synchronously ({@link DirectoryReader}) and applies changes — the same
 * change records the Postgres store logs and replays, so both adapters mutate identically.
 */
import type {
  DirectoryWrite,
  GraphSubject,
  ObjectSearch,
  RelationCheck,
  SubjectSearch,
} from '@gatehousejs/core';
import { type CheckPlan, compileCheckPlan } from './check-plan.ts';
import { type GraphRules, graphRules, validateSubjectSearch } from './graph-rules.ts';
import { searchGraph } from './graph-search.ts';
import { findObjectsInIndex } from './index-object-search.ts';
import type { DirectoryModel } from './model.ts';
import { type CheckLimits, resolveCheck } from './relation-check.ts';
import { RelationIndex } from './relation-index.ts';
import { relationRecord } from './relation-records.ts';
import type {
  CheckResult,
  DirectoryReader,
  GraphNode,
  GraphQuery,
  ObjectRecord,
  RelationQuery,
  RelationRecord,
} from './relation-store.ts';
import { searchSubjects } from './subject-paths.ts';

/** Walks remembered at most (see `DirectoryState.#walk`). */
const WALKS_KEPT = 16;

/**
 * One write as applied to the index (and as logged by the Postgres store): core's
 * {@link DirectoryWrite} with the objects and relations as recorded (with their timestamps).
 */
export type DirectoryChange = DirectoryWrite<ObjectRecord, RelationRecord>;

/** Model + index + limits; the index can be swapped atomically (Postgres reloads). */
export class DirectoryState implements DirectoryReader {
  readonly model: DirectoryModel;
  readonly #plan: CheckPlan;
  readonly #rules: GraphRules;
  readonly #limits: CheckLimits;
  #index = new RelationIndex();
  /** Changes applied to the current index (the walks below are valid for one count). */
  #changes = 0;
  /**
   * The last walks, by search, while the index is unchanged: a list's object search and its policy's
   * `ds.graph` walk alike, one after the other.
   */
  #walks = new Map<string, ReadonlySet<string>>();
  #walksAt: { index: RelationIndex; changes: number } | undefined;

  constructor(model: DirectoryModel, limits: CheckLimits) {
    this.model = model;
    this.#plan = compileCheckPlan(model);
    this.#rules = graphRules(model);
    this.#limits = limits;
  }

  /** Replaces the index (after a full load) in one step, so readers never see a partial state. */
  replaceIndex(index: RelationIndex): void {
    this.#index = index;
  }

  check(check: RelationCheck): CheckResult {
    return resolveCheck(this.#plan, this.#index, this.#limits, check);
  }

  object(type: string, id: string): ObjectRecord | undefined {
    return this.#index.object(type, id);
  }

  relations(query: RelationQuery): RelationRecord[] {
    return this.#index.relations(query);
  }

  /**
   * A graph search (Topaz's `GetGraph`). An object search checks only the objects the index walk
   * reaches from the subject — a superset of those any check grants, as for {@link objects} — so
   * its cost grows with what the subject reaches, not with the objects of the type; for a model
   * whose arrows pass through subject sets (which the walk cannot follow), every object of the type.
   */
  graph(query: GraphQuery): GraphNode[] {
    const walked = this.#rules.arrowsThroughSets
      ? undefined
      : (subjectId: string) => this.#walk(query.objectType, query.relation, query.subjectType, subjectId);
    return searchGraph(this.#plan, this.#index, this.#limits, query, walked);
  }

  /** The ids the walk of `objectType#relation` reaches from the subject, remembered while the index is unchanged. */
  #walk(objectType: string, relation: string, subjectType: string, subjectId: string): ReadonlySet<string> {
    const at = this.#walksAt;
    if (!at || at.index !== this.#index || at.changes !== this.#changes) {
      this.#walks.clear();
      this.#walksAt = { index: this.#index, changes: this.#changes };
    }
    const key = `${objectType}\u001f${relation}\u001f${subjectType}\u001f${subjectId}`;
    let ids = this.#walks.get(key);
    if (!ids) {
      ids = findObjectsInIndex(this.#index, this.#rules.walk(objectType, relation), subjectType, subjectId);
      // A few callers' walks at once (lists of several users interleave); bounded all the same.
      if (this.#walks.size >= WALKS_KEPT) this.#walks.delete(this.#walks.keys().next().value as string);
      this.#walks.set(key, ids);
    }
    return ids;
  }

  /**
   * The ids of the objects the subject reaches (a validated search), sorted: the object search's
   * walk over the index, confirmed by checks where the model has intersections or exclusions.
   * `undefined` for a model whose arrows pass through subject sets, which the walk cannot follow.
   */
  objects(search: ObjectSearch): string[] | undefined {
    if (this.#rules.arrowsThroughSets) return undefined;
    const ids = [
      ...this.#walk(search.objectType, search.relation, search.subjectType, search.subjectId),
    ].sort();
    if (this.#rules.unionOnly) return ids;
    return ids.filter((objectId) => this.check({ ...search, objectId }).check);
  }

  subjects(search: SubjectSearch): GraphSubject[] {
    validateSubjectSearch(this.model, search);
    return searchSubjects(this.#rules, this, this.#limits, search);
  }

  /** Applies a change to `index` (default: the current one). Idempotent. */
  apply(change: DirectoryChange, index: RelationIndex = this.#index): void {
    if (index === this.#index) this.#changes++;
    switch (change.op) {
      case 'setObject':
        index.putObject(change.object);
        return;
      case 'deleteObject':
        index.removeObject(change.type, change.id);
        return;
      case 'setRelation':
        index.putRelation(change.relation);
        return;
      case 'deleteRelation':
        index.removeRelation(change.relation);
        return;
    }
  }

  /**
   * A change read back from storage, with type and relation names replaced by the model's own
   * strings, so 100,000 relations do not hold 100,000 copies of "document". (Validated writes
   * already carry the model's strings.)
   */
  intern(change: DirectoryChange): DirectoryChange {
    const name = (type: string) => this.model.types.get(type)?.name ?? type;
    switch (change.op) {
      case 'setObject':
        return { op: 'setObject', object: { ...change.object, type: name(change.object.type) } };
      case 'setRelation': {
        const r = change.relation;
        const type = this.model.types.get(r.objectType);
        const relation = type?.relations.get(r.relation)?.name ?? r.relation;
        const interned = { ...r, objectType: name(r.objectType), relation, subjectType: name(r.subjectType) };
        return { op: 'setRelation', relation: relationRecord(interned, r.createdAt) };
      }
      default:
        return change;
    }
  }
}
