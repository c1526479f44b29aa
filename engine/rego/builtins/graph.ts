/** `graph.reachable`: the nodes reachable from a start set in an adjacency object. */
import type { BuiltinDefinition } from '../builtin.ts';
import { objectGet, SetValue, type Value } from '../value.ts';
import { arg, collectionItems, defineFunction, objectArg, typeError } from './operands.ts';

function reachable(args: readonly Value[]): Value {
  const graph = objectArg('graph.reachable', args, 0);
  const start = arg(args, 1);
  const initial = collectionItems(start);
  if (!initial) throw typeError('graph.reachable', 2, start, 'set', 'array');
  const reached = new SetValue();
  const queue = [...initial];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i] as Value;
    const edges = objectGet(graph, node);
    if (edges === undefined || reached.has(node)) continue;
    reached.add(node);
    for (const next of collectionItems(edges) ?? []) if (!reached.has(next)) queue.push(next);
  }
  return reached;
}

/** Graph built-ins. */
export const graphBuiltins: readonly BuiltinDefinition[] = [defineFunction('graph.reachable', 2, reachable)];
