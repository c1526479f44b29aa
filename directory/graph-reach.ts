/**
 * What an object search needs to walk: the `type#name` nodes from which the searched relation or
 * permission can be reached at all. The object search climbs from the subject's grants along three
 * kinds of step — a subject set (`group#member` held makes `document#reader` of the objects that
 * name the set), a permission term on the same object (`owner` grants `can_read`), an arrow
 * (`can_read` on a folder grants `can_read` on the documents whose `parent` it is) — and without
 * this it follows every step to every permission (`can_write`, `can_share`, … when only
 * `can_read` is asked). A node from which the searched one cannot be reached never adds an answer,
 * so leaving it out changes nothing the search finds, only what it costs.
 */
import type { DirectoryModel } from './model.ts';

/** The key of a node: `type` U+001F `name`, as the search's SQL builds it. */
const nodeKey = (type: string, name: string) => `${type}\u001f${name}`;

/** The kinds of step of the walk. */
type StepKind = 'subjectSet' | 'term' | 'arrow';

/** The nodes an object search for one relation keeps, and from which it takes each kind of step. */
export interface SearchReach {
  /** Nodes from which the searched one can be reached (itself included): the walk keeps only these. */
  readonly kept: readonly string[];
  /** Nodes with a step of each kind into a kept node: the walk takes that kind of step only from these. */
  readonly steps: Readonly<Record<StepKind, readonly string[]>>;
}

interface Step {
  readonly from: string;
  readonly kind: StepKind;
}

/** Every step of the walk in reverse: the nodes with a step to each node, and of which kind. */
function reverseSteps(model: DirectoryModel): Map<string, Step[]> {
  const into = new Map<string, Step[]>();
  const step = (from: string, to: string, kind: StepKind) => {
    let sources = into.get(to);
    if (!sources) {
      sources = [];
      into.set(to, sources);
    }
    sources.push({ from, kind });
  };
  for (const type of model.types.values()) {
    for (const relation of type.relations.values()) {
      for (const term of relation.terms) {
        if (term.kind === 'subjectSet')
          step(nodeKey(term.type, term.relation), nodeKey(type.name, relation.name), 'subjectSet');
      }
    }
    for (const permission of type.permissions.values()) {
      const to = nodeKey(type.name, permission.name);
      for (const term of permission.terms) {
        if (term.base === undefined) {
          step(nodeKey(type.name, term.name), to, 'term');
          continue;
        }
        // The arrow's targets are the subjects of its base relation, of any type the base admits.
        for (const target of type.relations.get(term.base)?.terms ?? []) {
          if (target.kind !== 'subjectSet') step(nodeKey(target.type, term.name), to, 'arrow');
        }
      }
    }
  }
  return into;
}

/**
 * The nodes an object search for `objectType#relation` walks through.
 *
 * @example
 * searchReach(model, 'document', 'can_read').kept; // ['document\u001fcan_read', 'document\u001fowner', …]
 */
export function searchReach(model: DirectoryModel, objectType: string, relation: string): SearchReach {
  const into = reverseSteps(model);
  const target = nodeKey(objectType, relation);
  const kept = new Set([target]);
  const steps: Record<StepKind, Set<string>> = { subjectSet: new Set(), term: new Set(), arrow: new Set() };
  const pending = [target];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    for (const { from, kind } of into.get(node) ?? []) {
      steps[kind].add(from);
      if (kept.has(from)) continue;
      kept.add(from);
      pending.push(from);
    }
  }
  const sorted = (nodes: Set<string>) => [...nodes].sort();
  return {
    kept: sorted(kept),
    steps: { subjectSet: sorted(steps.subjectSet), term: sorted(steps.term), arrow: sorted(steps.arrow) },
  };
}
