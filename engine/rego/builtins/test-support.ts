/**
 * Calling built-ins by name in this folder's tests: a fixed evaluation context, results in JSON
 * form for comparisons, and failures as `{ code, message }`.
 */
import { type BuiltinContext, BuiltinError } from '../builtin.ts';
import { type JsonValue, toJson, type Value } from '../value.ts';
import { standardBuiltins } from './registry.ts';

/** An evaluation context at 2023-11-14T22:13:20Z whose `print` output is collected in `printed`. */
export function testContext(printed: string[] = []): BuiltinContext {
  return { nowNs: 1_700_000_000_000_000_000n, strict: true, memo: new Map(), print: (m) => printed.push(m) };
}

/** Calls a function built-in; `undefined` when the result is undefined. */
export function call(name: string, ...args: Value[]): Value | undefined {
  const def = standardBuiltins.get(name);
  if (def?.kind !== 'function') throw new Error(`no function built-in ${name}`);
  return def.call(args, testContext());
}

/** Calls a function built-in and returns its result as JSON (sets as sorted arrays). */
export function callJson(name: string, ...args: Value[]): JsonValue | undefined {
  const v = call(name, ...args);
  return v === undefined ? undefined : toJson(v);
}

/** The error a built-in call raises (fails the test when it does not raise one). */
export function failure(name: string, ...args: Value[]): { code: string; message: string } {
  try {
    call(name, ...args);
  } catch (e) {
    if (e instanceof BuiltinError) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error(`${name} did not fail`);
}
