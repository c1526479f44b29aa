/**
 * How a definition enters a registry: as the release reads its operands (OPA v1.22 reads `1.0`
 * as an integer operand) and with a stack overflow reported as a built-in error instead of a
 * `RangeError` escaping the evaluation.
 */
import type { BuiltinDefinition, BuiltinRegistry } from '../builtin.ts';
import { type OpaVersion, opaAtLeast } from '../opa-version.ts';
import { builtinError } from './operands.ts';
import { acceptingWholeDecimals, INTEGER_OPERAND_BUILTINS } from './since-v1.22/index.ts';

const INTEGER_OPERANDS: ReadonlySet<string> = new Set(INTEGER_OPERAND_BUILTINS);

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

/**
 * Adds `definitions` to `registry` as `version` has them; a later definition of a name replaces
 * the earlier one.
 */
export function register(
  registry: Map<string, BuiltinDefinition>,
  definitions: readonly BuiltinDefinition[],
  version: OpaVersion,
): Map<string, BuiltinDefinition> {
  const wholeDecimals = opaAtLeast(version, 'v1.22.2');
  for (const d of definitions) {
    registry.set(
      d.name,
      withStackGuard(wholeDecimals && INTEGER_OPERANDS.has(d.name) ? acceptingWholeDecimals(d) : d),
    );
  }
  return registry;
}

/** The registry of `definitions` as `version` has them (a later definition of a name replaces the earlier one). */
export function registryOf(definitions: readonly BuiltinDefinition[], version: OpaVersion): BuiltinRegistry {
  return register(new Map(), definitions, version);
}
