/**
 * Built-ins whose recursion overflows the stack report a built-in error instead of letting a
 * `RangeError` escape the evaluation.
 */
import type { BuiltinDefinition, BuiltinRegistry } from '../builtin.ts';
import { builtinError } from './operands.ts';

/** A stack overflow (a value nested too deeply for a recursive built-in) as a built-in error. */
function stackError(name: string, e: unknown): unknown {
  return e instanceof RangeError && /call stack/i.test(e.message)
    ? builtinError(name, 'value nested too deeply', e)
    : e;
}

/** `def` with stack overflows reported as built-in errors instead of escaping as `RangeError`s. */
function withStackGuard(def: BuiltinDefinition): BuiltinDefinition {
  if (def.kind === 'function') {
    const call = def.call;
    return {
      ...def,
      call: (args, ctx) => {
        try {
          return call(args, ctx);
        } catch (e) {
          throw stackError(def.name, e);
        }
      },
    };
  }
  const relation = def.call;
  return {
    ...def,
    *call(args, ctx) {
      try {
        yield* relation(args, ctx);
      } catch (e) {
        throw stackError(def.name, e);
      }
    },
  };
}

/** Adds `definitions` to `registry`, each guarded; a later definition of a name replaces the earlier one. */
export function addGuarded(
  registry: Map<string, BuiltinDefinition>,
  definitions: readonly BuiltinDefinition[],
): Map<string, BuiltinDefinition> {
  for (const d of definitions) registry.set(d.name, withStackGuard(d));
  return registry;
}

/** The registry of `definitions`, guarded (a later definition of a name replaces the earlier one). */
export function guardedRegistry(definitions: readonly BuiltinDefinition[]): BuiltinRegistry {
  return addGuarded(new Map(), definitions);
}
