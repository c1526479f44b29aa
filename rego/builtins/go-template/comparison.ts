/**
 * The comparison functions of Go templates (`eq`, `ne`, `lt`, `le`, `gt`, `ge`): values of the
 * same basic kind compare (`json.Number` is a string kind, so numbers from data compare as
 * text), mixed kinds are an error.
 */
import { FunctionError } from './function-error.ts';
import { sprintf } from './functions.ts';
import { concrete, type GoValue, printText, typeName, unboxed } from './values.ts';

type BasicKind = 'invalid' | 'bool' | 'int' | 'uint' | 'float' | 'string';

function basicKind(v: GoValue): BasicKind {
  switch (v.kind) {
    case 'bool':
      return 'bool';
    case 'int':
      return 'int';
    case 'uint8':
      return 'uint';
    case 'float64':
      return 'float';
    case 'string':
    case 'json.Number':
      return 'string';
    default:
      return 'invalid';
  }
}

const scalar = (v: GoValue): boolean | bigint | number | string =>
  (v as { v: boolean | bigint | number | string }).v;

function incompatible(a: GoValue, b: GoValue): FunctionError {
  return new FunctionError(`incompatible types for comparison: ${typeName(a)} and ${typeName(b)}`);
}

const isNil = (v: GoValue): boolean => v.kind === 'invalid';

function equalTo(a: GoValue, b: GoValue): boolean {
  const [ka, kb] = [basicKind(a), basicKind(b)];
  if (ka !== kb) {
    if ((ka === 'int' && kb === 'uint') || (ka === 'uint' && kb === 'int')) return scalar(a) === scalar(b);
    if (a.kind !== 'invalid' && b.kind !== 'invalid') throw incompatible(a, b);
    return false;
  }
  if (ka !== 'invalid') return scalar(a) === scalar(b);
  if (a.kind !== b.kind && !isNil(a) && !isNil(b)) {
    // Go formats the first value with %s (element by element), the second with %v.
    const [first, second] = [sprintf('%s', [a]), printText(concrete(b))];
    throw new FunctionError(`non-comparable types ${first}: ${typeName(a)}, ${typeName(b)}: ${second}`);
  }
  if (isNil(a) || isNil(b)) return isNil(a) === isNil(b);
  throw new FunctionError(`non-comparable type ${sprintf('%s', [b])}: ${typeName(b)}`);
}

/** `eq arg1 arg2 …`: whether arg1 equals any of the others. */
export function eq(arg1: GoValue, ...rest: GoValue[]): boolean {
  if (rest.length === 0) throw new FunctionError('missing argument for comparison');
  const a = unboxed(arg1);
  return rest.some((b) => equalTo(a, unboxed(b)));
}

/** `lt a b`. */
export function lt(arg1: GoValue, arg2: GoValue): boolean {
  const [a, b] = [unboxed(arg1), unboxed(arg2)];
  const [ka, kb] = [basicKind(a), basicKind(b)];
  if (ka === 'invalid' || kb === 'invalid') throw new FunctionError('invalid type for comparison');
  if (ka !== kb) {
    if ((ka === 'int' && kb === 'uint') || (ka === 'uint' && kb === 'int'))
      return (scalar(a) as bigint) < (scalar(b) as bigint);
    throw incompatible(a, b);
  }
  if (ka === 'bool') throw new FunctionError('invalid type for comparison');
  return scalar(a) < scalar(b);
}

/** `le a b`: `lt` or `eq`. */
export function le(a: GoValue, b: GoValue): boolean {
  return lt(a, b) || eq(a, b);
}
