/**
 * `graph.reachable_paths` as OPA v1.22 walks it: every path from each start node, each branch
 * remembering only the nodes on its own path, so paths through a shared ancestor are all
 * followed; a path ends at a node without edges, before a node missing from the graph, or where
 * it would close a cycle.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import { type ObjectValue, objectGet, SetValue, type Value } from '../../value/index.ts';
import { neighbours, startNodes } from '../graph.ts';
import { defineFunction, objectArg } from '../operands.ts';

function walk(
  graph: ObjectValue,
  node: Value,
  path: readonly Value[],
  onPath: SetValue,
  out: SetValue,
): void {
  const edges = objectGet(graph, node);
  if (edges === undefined) {
    out.add([...path]);
    return;
  }
  const here = [...path, node];
  const next = neighbours(edges);
  if (next.length === 0) {
    out.add(here);
    return;
  }
  const seen = new SetValue([...onPath, node]);
  for (const neighbour of next) {
    if (seen.has(neighbour)) out.add(here);
    else walk(graph, neighbour, here, seen, out);
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
    for (const neighbour of next) walk(graph, neighbour, [node], new SetValue([node]), out);
  }
  return out;
}

/** The `graph.reachable_paths` built-in of OPA v1.22. */
export const allPathsBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('graph.reachable_paths', 2, reachablePaths),
];
