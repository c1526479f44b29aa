/**
 * Comparison built-ins (the targets of `== != < <= > >=`) and membership (`in`), over OPA's
 * total order of values.
 */
import type { BuiltinDefinition } from '../builtin.ts';
import { compare, equal, isObject, objectEntries, SetValue, type Value } from '../value/index.ts';
import { lookup } from './lookup.ts';
import { arg, defineFunction } from './operands.ts';

function comparison(name: string, test: (order: number) => boolean): BuiltinDefinition {
  return defineFunction(name, 2, (args) => test(compare(arg(args, 0), arg(args, 1))));
}

function isMember(x: Value, collection: Value): boolean {
  if (Array.isArray(collection)) return collection.some((e) => equal(e, x));
  if (collection instanceof SetValue) return collection.has(x);
  if (isObject(collection)) return objectEntries(collection).some(([, v]) => equal(v, x));
  return false;
}

/** Comparison and membership built-ins. */
export const comparisonBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('equal', 2, (args) => equal(arg(args, 0), arg(args, 1))),
  defineFunction('neq', 2, (args) => !equal(arg(args, 0), arg(args, 1))),
  comparison('lt', (c) => c < 0),
  comparison('lte', (c) => c <= 0),
  comparison('gt', (c) => c > 0),
  comparison('gte', (c) => c >= 0),
  defineFunction('internal.member_2', 2, (args) => isMember(arg(args, 0), arg(args, 1))),
  defineFunction('internal.member_3', 3, (args) => {
    const found = lookup(arg(args, 2), arg(args, 0));
    return found !== undefined && equal(found, arg(args, 1));
  }),
];
