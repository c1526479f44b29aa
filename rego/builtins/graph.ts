/**
 * `graph.reachable` (the nodes reachable from a start set in an adjacency object) and
 * `graph.reachable_paths` (the paths walked from each start node, as OPA builds them).
 */
import type { BuiltinDefinition } from '../builtin.ts';
import { type ObjectValue, objectGet, SetValue, type Value } from '../value/index.ts';
import { arg, collectionItems, defineFunction, objectArg, typeError } from './operands.ts';

/** The start nodes (operand 2, a set or an array) of a graph built-in. */
export function startNodes(name: string, args: readonly Value[]): readonly Value[] {
  const start = arg(args, 1);
  const initial = collectionItems(start);
  if (!initial) throw typeError(name, 2, start, 'set', 'array');
  return initial;
}

function reachable(args: readonly Value[]): Value {
  const graph = objectArg('graph.reachable', args, 0);
  const reached = new SetValue();
  const queue = [...startNodes('graph.reachable', args)];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i] as Value;
    const edges = objectGet(graph, node);
    if (edges === undefined || reached.has(node)) continue;
    reached.add(node);
    for (const next of collectionItems(edges) ?? []) if (!reached.has(next)) queue.push(next);
  }
  return reached;
}

/** The neighbours of an edge list; anything but an array or a set has none. */
export function neighbours(edges: Value): readonly Value[] {
  return collectionItems(edges) ?? [];
}

/**
 * OPA's depth-first path walk, kept exactly: `reached` is shared by the whole walk from one start
 * edge and records the node being left, and a node with several already-reached neighbours
 * repeats its path once per such neighbour in the emitted array.
 */
function walkPaths(
  graph: ObjectValue,
  root: Value,
  path: readonly Value[],
  out: SetValue,
  reached: SetValue,
): void {
  const edges = objectGet(graph, root);
  if (edges === undefined) {
    out.add([...path]);
    return;
  }
  const here = [...path, root];
  const next = neighbours(edges);
  if (next.length === 0) {
    out.add(here);
    return;
  }
  let repeated: Value[] = [];
  for (const neighbour of next) {
    if (reached.has(neighbour)) {
      repeated = [...repeated, ...here];
      out.add(repeated);
    } else {
      reached.add(root);
      walkPaths(graph, neighbour, here, out, reached);
    }
  }
}

function reachablePaths(args: readonly Value[]): Value {
  const graph = objectArg('graph.reachable_paths', args, 0);
  const out = new SetValue();
  for (const node of startNodes('graph.reachable_paths', args)) {
    const edges = objectGet(graph, node);
    if (edges === undefined) continue;
    const next = neighbours(edges);
    if (next.length === 0) out.add([node]);
    for (const neighbour of next) walkPaths(graph, neighbour, [node], out, new SetValue([node]));
  }
  return out;
}

/** Graph built-ins. */
export const graphBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('graph.reachable', 2, reachable),
  defineFunction('graph.reachable_paths', 2, reachablePaths),
];
