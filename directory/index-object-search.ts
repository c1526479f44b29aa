/**
 * The object search answered from the in-memory index, for a store that holds every relation (a
 * Postgres store loaded whole): the same walk the search's SQL takes ({@link ObjectWalk}) — from
 * the subject's own grants (and wildcard grants to its type) upward through subject sets and
 * arrows — read from the index's reverse lookup by subject, so a list's search costs no statement
 * and reads the same snapshot its checks then read. Its cost grows with the relations the walk
 * meets (the subject's grants, and those naming the folders and groups it climbs through), not
 * with the objects of the type.
 */
import type { ObjectWalk } from './graph-walk.ts';
import type { RelationIndex } from './relation-index.ts';

/** What holding a name on an object implies there: a name that leads on, and whether it is the searched one. */
interface Implied {
  readonly derived: string;
  readonly steps: boolean;
  readonly target: boolean;
}

/** A step to the objects of `objectType#relation` relations naming the held object (with `subjectRelation`). */
interface WalkStep extends Implied {
  readonly subjectRelation: string;
  readonly objectType: string;
  readonly relation: string;
}

/** Rows by the node they start from: type, then name (no key built per relation met). */
type ByNode<T> = ReadonlyMap<string, ReadonlyMap<string, readonly T[]>>;

/** The walk as lookups by node. */
interface CompiledWalk {
  readonly closure: ByNode<Implied>;
  readonly steps: ByNode<WalkStep>;
}

function byNode<T>(types: readonly string[], names: readonly string[], row: (i: number) => T): ByNode<T> {
  const map = new Map<string, Map<string, T[]>>();
  types.forEach((type, i) => {
    const name = names[i] ?? '';
    let ofType = map.get(type);
    if (!ofType) {
      ofType = new Map();
      map.set(type, ofType);
    }
    const rows = ofType.get(name);
    if (rows) rows.push(row(i));
    else ofType.set(name, [row(i)]);
  });
  return map;
}

const compiled = new WeakMap<ObjectWalk, CompiledWalk>();

function compile(walk: ObjectWalk): CompiledWalk {
  const known = compiled.get(walk);
  if (known) return known;
  const { closure: c, steps: s } = walk;
  const at = (column: readonly string[], i: number) => column[i] ?? '';
  const result: CompiledWalk = {
    closure: byNode(c.objectType, c.name, (i) => ({
      derived: at(c.derived, i),
      steps: c.steps[i] === 'true',
      target: c.target[i] === 'true',
    })),
    steps: byNode(s.fromType, s.fromName, (i) => ({
      subjectRelation: at(s.subjectRelation, i),
      objectType: at(s.objectType, i),
      relation: at(s.relation, i),
      derived: at(s.derived, i),
      steps: s.steps[i] === 'true',
      target: s.target[i] === 'true',
    })),
  };
  compiled.set(walk, result);
  return result;
}

/**
 * The ids of the objects `subjectType:subjectId` reaches along `walk`, unsorted and without
 * duplicates (before any confirmation a model with intersections or exclusions needs).
 *
 * @example
 * const ids = findObjectsInIndex(index, rules.walk('document', 'can_read'), 'user', 'alice');
 */
export function findObjectsInIndex(
  index: RelationIndex,
  walk: ObjectWalk,
  subjectType: string,
  subjectId: string,
): Set<string> {
  const { closure, steps } = compile(walk);
  const found = new Set<string>();
  // The walk's objects, each with a name held there that leads on (visited once each).
  const visited = new Set<string>();
  const pending: [type: string, id: string, name: string][] = [];
  const hold = (type: string, id: string, implied: Implied) => {
    if (implied.target) found.add(id);
    if (!implied.steps) return;
    const key = `${type}\u001f${id}\u001f${implied.derived}`;
    if (visited.has(key)) return;
    visited.add(key);
    pending.push([type, id, implied.derived]);
  };
  const grants = subjectId === '*' ? ['*'] : [subjectId, '*'];
  for (const id of grants) {
    index.forEachOfSubject(subjectType, id, (r) => {
      if ((r.subjectRelation ?? '') !== '') return;
      for (const implied of closure.get(r.objectType)?.get(r.relation) ?? [])
        hold(r.objectType, r.objectId, implied);
    });
  }
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [type, id, name] = next;
    const from = steps.get(type)?.get(name);
    if (!from) continue;
    index.forEachOfSubject(type, id, (r) => {
      for (const step of from) {
        if (r.objectType !== step.objectType || r.relation !== step.relation) continue;
        if ((r.subjectRelation ?? '') !== step.subjectRelation) continue;
        hold(step.objectType, r.objectId, step);
      }
    });
  }
  return found;
}
