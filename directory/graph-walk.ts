/**
 * The object search's walk, planned once per searched relation from the model: what SQL needs to
 * climb from a subject's grants to the objects it reaches, as small tables it joins against.
 *
 * - **Closure**: a permission term on the same object (`owner` grants `can_read`) never needs a
 *   row of its own: for every node the walk may hold (`type#name`), the names it implies on the
 *   same object through terms, transitively, are worked out here. Only those that lead somewhere —
 *   a node with a step to another object, or the searched node itself — are kept.
 * - **Steps** to other objects: a subject set (`group#member` held makes `document#reader` of the
 *   objects that name the set) and an arrow (`can_read` held on a folder grants `can_read` on the
 *   objects whose `parent` it is). Each step is a row: the node it starts from, the relations it
 *   reads (`type#relation` naming the node's object, with the subject relation they carry), and
 *   the names it implies on their objects, widened as above. Steps follow the model (the subject
 *   types a relation admits, the targets an arrow's base admits), as a check does.
 *
 * The walk then holds only objects from which a step leads on (folders, groups), not every object
 * found: a user's thousand documents are read once from the subject's grants and never walked.
 * What it finds is exactly what a walk over every kind of step finds ({@link searchReach} decides
 * which nodes can reach the searched one at all).
 */
import { type SearchReach, searchReach } from './graph-reach.ts';
import type { DirectoryModel } from './model.ts';

const SEPARATOR = '\u001f';
const split = (node: string): [string, string] => {
  const at = node.indexOf(SEPARATOR);
  return [node.slice(0, at), node.slice(at + 1)];
};

/** A column-wise table (one array per column), as SQL unnests it. */
export type Columns<K extends string> = Readonly<Record<K, readonly string[]>>;

/** What a node held implies on its object: each name that leads on or is the searched one. */
type ImpliedColumn = 'derived' | 'steps' | 'target';

/** The walk of an object search for one `objectType#relation`. */
export interface ObjectWalk {
  /**
   * For a node a subject's grant may start from (`objectType`, `name`), each name it implies on
   * the same object that leads on (`derived`, `steps` 'true') or is the searched one (`target` 'true').
   */
  readonly closure: Columns<'objectType' | 'name' | ImpliedColumn>;
  /**
   * The steps from a node held (`fromType`, `fromName`) to the objects of the relations
   * `objectType#relation` that name it as subject with `subjectRelation` (`''` for an arrow), and
   * each name the step implies there (as in `closure`).
   */
  readonly steps: Columns<
    'fromType' | 'fromName' | 'subjectRelation' | 'objectType' | 'relation' | ImpliedColumn
  >;
}

/** Every permission term on the same object, forward: node → permissions on the same type it grants. */
function termSteps(model: DirectoryModel): Map<string, string[]> {
  const forward = new Map<string, string[]>();
  for (const type of model.types.values()) {
    for (const permission of type.permissions.values()) {
      for (const term of permission.terms) {
        if (term.base !== undefined) continue;
        const from = `${type.name}${SEPARATOR}${term.name}`;
        forward.set(from, [...(forward.get(from) ?? []), `${type.name}${SEPARATOR}${permission.name}`]);
      }
    }
  }
  return forward;
}

/** The kept nodes reached from `node` by terms alone (itself included). */
function termClosure(node: string, forward: Map<string, string[]>, kept: Set<string>): string[] {
  const found = new Set([node]);
  const pending = [node];
  for (let at = pending.pop(); at !== undefined; at = pending.pop()) {
    for (const next of forward.get(at) ?? []) {
      if (!kept.has(next) || found.has(next)) continue;
      found.add(next);
      pending.push(next);
    }
  }
  return [...found].sort();
}

function columns<K extends string>(keys: readonly K[], rows: readonly Record<K, string>[]): Columns<K> {
  const table = {} as Record<K, string[]>;
  for (const key of keys) table[key] = rows.map((row) => row[key]);
  return table;
}

/** A step of the walk into `to` (a kept node) from a held `from`, before widening. */
interface Step {
  readonly from: string;
  readonly subjectRelation: string;
  readonly to: string;
  /** The relation the step's rows carry (`to`'s name for a subject set, the arrow's base). */
  readonly relation: string;
}

/** The steps into kept nodes: subject sets (`X#rel` admits `type#name`) and arrows (`X#perm` has `base->name`). */
function stepsInto(model: DirectoryModel, reach: SearchReach, kept: Set<string>): Step[] {
  const setSources = new Set(reach.steps.subjectSet);
  const arrowSources = new Set(reach.steps.arrow);
  const found: Step[] = [];
  for (const type of model.types.values()) {
    for (const relation of type.relations.values()) {
      const to = `${type.name}${SEPARATOR}${relation.name}`;
      if (!kept.has(to)) continue;
      for (const term of relation.terms) {
        const from = term.kind === 'subjectSet' ? `${term.type}${SEPARATOR}${term.relation}` : '';
        if (!setSources.has(from)) continue;
        found.push({
          from,
          subjectRelation: term.kind === 'subjectSet' ? term.relation : '',
          to,
          relation: relation.name,
        });
      }
    }
    for (const permission of type.permissions.values()) {
      const to = `${type.name}${SEPARATOR}${permission.name}`;
      if (!kept.has(to)) continue;
      for (const term of permission.terms) {
        if (term.base === undefined) continue;
        // The arrow's targets are the subjects of its base relation, of any type it admits.
        const targets = new Set(
          (type.relations.get(term.base)?.terms ?? [])
            .filter((t) => t.kind !== 'subjectSet')
            .map((t) => t.type),
        );
        for (const target of [...targets].sort()) {
          const from = `${target}${SEPARATOR}${term.name}`;
          if (arrowSources.has(from)) found.push({ from, subjectRelation: '', to, relation: term.base });
        }
      }
    }
  }
  return found;
}

/** Plans the walk from the reach of `objectType#relation` (see {@link searchReach}). */
export function objectWalk(model: DirectoryModel, objectType: string, relation: string): ObjectWalk {
  const reach = searchReach(model, objectType, relation);
  const kept = new Set(reach.kept);
  const target = `${objectType}${SEPARATOR}${relation}`;
  const leadsOn = new Set([...reach.steps.subjectSet, ...reach.steps.arrow]);
  const forward = termSteps(model);
  const implied = (node: string): Record<ImpliedColumn, string>[] =>
    termClosure(node, forward, kept)
      .filter((name) => leadsOn.has(name) || name === target)
      .map((name) => ({
        derived: split(name)[1],
        steps: String(leadsOn.has(name)),
        target: String(name === target),
      }));
  const closure = reach.kept.flatMap((node) => {
    const [type, name] = split(node);
    return implied(node).map((row) => ({ objectType: type, name, ...row }));
  });
  const steps = stepsInto(model, reach, kept).flatMap((step) => {
    const [fromType, fromName] = split(step.from);
    const [toType] = split(step.to);
    return implied(step.to).map((row) => ({
      fromType,
      fromName,
      subjectRelation: step.subjectRelation,
      objectType: toType,
      relation: step.relation,
      ...row,
    }));
  });
  return {
    closure: columns(['objectType', 'name', 'derived', 'steps', 'target'], closure),
    steps: columns(
      ['fromType', 'fromName', 'subjectRelation', 'objectType', 'relation', 'derived', 'steps', 'target'],
      steps,
    ),
  };
}
