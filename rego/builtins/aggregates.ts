/**
 * Aggregate built-ins: `count`, `sum`, `product`, `max`, `min`, `sort` (and the deprecated
 * `all` and `any`).
 */
import type { BuiltinDefinition } from '../builtin.ts';
import { compare, isNumber, isObject, objectSize, SetValue, type Value } from '../value/index.ts';
import { addNumbers, type IntegerArithmetic, multiplyNumbers, type Num } from './number-ops.ts';
import { arg, collectionItems, defineFunction, elementError, typeError } from './operands.ts';

/** Number of Unicode code points in `s` (Go counts runes). */
export function codePointCount(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

function count(args: readonly Value[]): Value {
  const v = arg(args, 0);
  if (typeof v === 'string') return codePointCount(v);
  if (Array.isArray(v)) return v.length;
  if (v instanceof SetValue) return v.size;
  if (isObject(v)) return objectSize(v);
  throw typeError('count', 1, v, 'array', 'object', 'set', 'string');
}

function items(name: string, v: Value): readonly Value[] {
  const list = collectionItems(v);
  if (!list) throw typeError(name, 1, v, 'set', 'array');
  return list;
}

function fold(name: string, start: Num, op: (a: Num, b: Num) => Num): BuiltinDefinition {
  return defineFunction(name, 1, (args) => {
    const v = arg(args, 0);
    let acc = start;
    for (const x of items(name, v)) {
      if (!isNumber(x)) throw elementError(name, 1, v, x, 'number');
      acc = op(acc, x);
    }
    return acc;
  });
}

function extreme(name: string, better: (order: number) => boolean): BuiltinDefinition {
  return defineFunction(name, 1, (args) => {
    const list = items(name, arg(args, 0));
    if (list.length === 0) return undefined;
    let best = list[0] as Value;
    for (const x of list) if (better(compare(x, best))) best = x;
    return best;
  });
}

/** `sum` and `product` of a release's integer arithmetic ({@link IntegerArithmetic}). */
export function createNumberFoldBuiltins(integers: IntegerArithmetic): readonly BuiltinDefinition[] {
  return [
    fold('sum', 0, (a, b) => addNumbers(integers, a, b)),
    fold('product', 1, (a, b) => multiplyNumbers(integers, a, b)),
  ];
}

/** Aggregate built-ins. */
export const aggregateBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('count', 1, count),
  ...createNumberFoldBuiltins('rounded'),
  extreme('max', (c) => c > 0),
  extreme('min', (c) => c < 0),
  defineFunction('sort', 1, (args) => [...items('sort', arg(args, 0))].sort(compare)),
  defineFunction('all', 1, (args) => {
    const list = collectionItems(arg(args, 0));
    if (!list) throw typeError('all', 1, arg(args, 0), 'array', 'set');
    return list.every((x) => x === true);
  }),
  defineFunction('any', 1, (args) => {
    const list = collectionItems(arg(args, 0));
    if (!list) throw typeError('any', 1, arg(args, 0), 'array', 'set');
    return list.some((x) => x === true);
  }),
];
