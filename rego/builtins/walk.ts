/** `walk(x)`: a relation yielding `[path, value]` for `x` and every value nested in it. */
import type { BuiltinDefinition } from '../builtin.ts';
import { isObject, objectEntries, SetValue, type Value } from '../value/index.ts';
import { arg, defineRelation } from './operands.ts';

function* walkValue(v: Value, path: Value[]): Generator<Value> {
  yield [path, v];
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) yield* walkValue(v[i] as Value, [...path, i]);
  } else if (v instanceof SetValue) {
    for (const x of v) yield* walkValue(x, [...path, x]);
  } else if (isObject(v)) {
    for (const [k, x] of objectEntries(v)) yield* walkValue(x, [...path, k]);
  }
}

/** The `walk` relation. */
export const walkBuiltins: readonly BuiltinDefinition[] = [
  defineRelation('walk', 1, (args) => walkValue(arg(args, 0), [])),
];
