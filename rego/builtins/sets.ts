/** Set built-ins: `and` (`&`), `or` (`|`), `intersection`, `union` and the deprecated `set_diff`. */
import type { BuiltinDefinition } from '../builtin.ts';
import { SetValue, type Value } from '../value/index.ts';
import { defineFunction, elementError, setArg } from './operands.ts';

function intersect(a: SetValue, b: SetValue): SetValue {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  return new SetValue(small.sorted().filter((x) => large.has(x)));
}

function unite(a: SetValue, b: SetValue): SetValue {
  if (a.size === 0) return b;
  if (b.size === 0) return a;
  return new SetValue([...a.sorted(), ...b.sorted()]);
}

function setsOf(name: string, args: readonly Value[]): SetValue[] {
  const outer = setArg(name, args, 0);
  return outer.sorted().map((x) => {
    if (!(x instanceof SetValue)) throw elementError(name, 1, outer, x, 'set');
    return x;
  });
}

/** Set built-ins. */
export const setBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('and', 2, (args) => intersect(setArg('and', args, 0), setArg('and', args, 1))),
  defineFunction('or', 2, (args) => unite(setArg('or', args, 0), setArg('or', args, 1))),
  defineFunction('set_diff', 2, (args) => {
    const a = setArg('set_diff', args, 0);
    const b = setArg('set_diff', args, 1);
    return new SetValue(a.sorted().filter((x) => !b.has(x)));
  }),
  defineFunction('intersection', 1, (args) => {
    const sets = setsOf('intersection', args);
    if (sets.length === 0) return new SetValue();
    return sets.reduce(intersect);
  }),
  defineFunction('union', 1, (args) => setsOf('union', args).reduce(unite, new SetValue())),
];
