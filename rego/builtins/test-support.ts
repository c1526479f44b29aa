/**
 * Calling built-ins by name in this folder's tests: a fixed evaluation context, results in JSON
 * form for comparisons, and failures as `{ code, message }`.
 */
import { type BuiltinContext, BuiltinError, type BuiltinRegistry } from '../builtin.ts';
import type { OpaVersion } from '../opa-version.ts';
import { type JsonValue, toJson, type Value } from '../value/index.ts';
import { createStandardBuiltins, standardBuiltins } from './registry.ts';

/** An evaluation context at 2023-11-14T22:13:20Z whose `print` output is collected in `printed`. */
export function testContext(printed: string[] = []): BuiltinContext {
  return { nowNs: 1_700_000_000_000_000_000n, strict: true, memo: new Map(), print: (m) => printed.push(m) };
}

/** Calls a function built-in of `registry`; `undefined` when the result is undefined. */
function callOf(registry: BuiltinRegistry, name: string, args: Value[]): Value | undefined {
  const def = registry.get(name);
  if (def?.kind !== 'function') throw new Error(`no function built-in ${name}`);
  return def.call(args, testContext());
}

/** The error a built-in call raises (fails the test when it does not raise one). */
function failureOf(
  registry: BuiltinRegistry,
  name: string,
  args: Value[],
): { code: string; message: string } {
  try {
    callOf(registry, name, args);
  } catch (e) {
    if (e instanceof BuiltinError) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error(`${name} did not fail`);
}

/** Calls a function built-in; `undefined` when the result is undefined. */
export function call(name: string, ...args: Value[]): Value | undefined {
  return callOf(standardBuiltins, name, args);
}

const releases = new Map<OpaVersion, BuiltinRegistry>();

/** The built-ins of one OPA release, with calls returning JSON (sets as sorted arrays) and failures. */
export function releaseBuiltins(opaVersion: OpaVersion) {
  let registry = releases.get(opaVersion);
  if (!registry) {
    registry = createStandardBuiltins({ opaVersion });
    releases.set(opaVersion, registry);
  }
  const builtins = registry;
  return {
    registry: builtins,
    call: (name: string, ...args: Value[]): JsonValue | undefined => {
      const v = callOf(builtins, name, args);
      return v === undefined ? undefined : toJson(v);
    },
    failure: (name: string, ...args: Value[]) => failureOf(builtins, name, args),
  };
}

/** Calls a function built-in and returns its result as JSON (sets as sorted arrays). */
export function callJson(name: string, ...args: Value[]): JsonValue | undefined {
  const v = call(name, ...args);
  return v === undefined ? undefined : toJson(v);
}

/** The error a built-in call raises (fails the test when it does not raise one). */
export function failure(name: string, ...args: Value[]): { code: string; message: string } {
  return failureOf(standardBuiltins, name, args);
}
