/** Array built-ins: `array.concat`, `array.flatten`, `array.slice`, `array.reverse`. */
import type { BuiltinDefinition } from '../builtin.ts';
import { arrayArg, defineFunction, intArg } from './operands.ts';

/** Array built-ins. */
export const arrayBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('array.concat', 2, (args) => {
    const a = arrayArg('array.concat', args, 0);
    const b = arrayArg('array.concat', args, 1);
    return a.length === 0 ? b : b.length === 0 ? a : [...a, ...b];
  }),
  // One level only, as OPA: nested arrays are unpacked, their own nested arrays kept.
  defineFunction('array.flatten', 1, (args) =>
    arrayArg('array.flatten', args, 0).flatMap((item) => (Array.isArray(item) ? item : [item])),
  ),
  defineFunction('array.slice', 3, (args) => {
    const a = arrayArg('array.slice', args, 0);
    const start = intArg('array.slice', args, 1);
    const stop = Math.min(Math.max(intArg('array.slice', args, 2), 0), a.length);
    return a.slice(Math.min(Math.max(start, 0), stop), stop);
  }),
  defineFunction('array.reverse', 1, (args) => [...arrayArg('array.reverse', args, 0)].reverse()),
];
