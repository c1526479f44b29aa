/** Conversions: `to_number` and the deprecated `cast_*` built-ins. */
import type { BuiltinDefinition } from '../builtin.ts';
import {
  isNumber,
  isObject,
  kindOf,
  numberOfText,
  parseNumber,
  SetValue,
  type Value,
  type ValueKind,
} from '../value/index.ts';
import { readGoFloat } from './go-float-syntax.ts';
import { arg, builtinError, defineFunction, typeError } from './operands.ts';

const NOT_FINITE = /^(inf|infinity|nan)$/;

/**
 * Parses a number the way Go's `strconv.ParseFloat` accepts it (OPA's check), keeping big
 * integers exact: decimal or hexadecimal, underscores between digits.
 */
function parseNumberString(s: string): Value {
  if (NOT_FINITE.test(s.replace(/^[+-]+/, '').toLowerCase())) {
    throw typeError('to_number', 1, s, 'valid number string');
  }
  const read = readGoFloat(s);
  if (read === undefined)
    throw builtinError('to_number', `strconv.ParseFloat: parsing ${JSON.stringify(s)}: invalid syntax`);
  const n = 'value' in read ? read.value : parseNumber(read.decimal);
  if (n === undefined || !Number.isFinite(Number(n))) {
    throw builtinError('to_number', `strconv.ParseFloat: parsing ${JSON.stringify(s)}: value out of range`);
  }
  // OPA keeps the text (`to_number("1.0")` is a float written `1.0`); a text that is no JSON
  // number (`+5`, `.5`, `1_000`, `0x1p-2`) is one OPA cannot write back, so the engine keeps the
  // value alone.
  return JSON_NUMBER.test(s) ? (numberOfText(s) ?? n) : n;
}

const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

function toNumber(args: readonly Value[]): Value {
  const v = arg(args, 0);
  if (v === null) return 0;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (isNumber(v)) return v;
  if (typeof v === 'string') return parseNumberString(v);
  throw typeError('to_number', 1, v, 'null', 'boolean', 'number', 'string');
}

function identityCast(name: string, kind: ValueKind): BuiltinDefinition {
  return defineFunction(name, 1, (args) => {
    const v = arg(args, 0);
    if (kindOf(v) !== kind) throw typeError(name, 1, v, kind);
    return v;
  });
}

/** Cast built-ins. */
export const castBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('to_number', 1, toNumber),
  defineFunction('cast_array', 1, (args) => {
    const v = arg(args, 0);
    if (Array.isArray(v)) return v;
    if (v instanceof SetValue) return [...v.sorted()];
    throw typeError('cast_array', 1, v, 'array', 'set');
  }),
  defineFunction('cast_set', 1, (args) => {
    const v = arg(args, 0);
    if (v instanceof SetValue) return v;
    if (Array.isArray(v)) return new SetValue(v);
    throw typeError('cast_set', 1, v, 'array', 'set');
  }),
  identityCast('cast_string', 'string'),
  identityCast('cast_boolean', 'boolean'),
  identityCast('cast_null', 'null'),
  defineFunction('cast_object', 1, (args) => {
    const v = arg(args, 0);
    if (!isObject(v)) throw typeError('cast_object', 1, v, 'object');
    return v;
  }),
];
