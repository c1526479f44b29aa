/**
 * `json.unmarshal` as OPA v1.22 has it: a number whose binary exponent is beyond ±100,000
 * (`1e30103`, `1e-30104`) is refused with "invalid number: number too big", where OPA v1.15
 * kept it.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import { jsonBuiltins } from '../json.ts';
import { builtinError, defineFunction } from '../operands.ts';

/** Largest binary exponent OPA v1.22 accepts in a number (its `maxNumberExp`). */
const MAX_BINARY_EXPONENT = 100_000;

/** Strings (skipped) and numbers written with an exponent, in JSON text. */
const TOKENS = /"(?:[^"\\]|\\.)*"|-?(\d+)(?:\.(\d+))?[eE]([+-]?\d+)/g;

/** Whether `whole.fraction × 10^exponent` has a binary exponent beyond OPA's bound. */
export function exponentOutOfRange(whole: string, fraction: string, exponent: string): boolean {
  const digits = whole + fraction;
  const first = digits.search(/[1-9]/);
  if (first < 0) return false;
  // The number is 0.D × 10^decimal with D the digits from the first significant one.
  const decimal = Number(exponent) + whole.length - first;
  const lead = Number(`0.${digits.slice(first, first + 17)}`);
  const binary = Math.floor((Math.log10(lead) + decimal) * Math.LOG2E * Math.LN10) + 1;
  return binary > MAX_BINARY_EXPONENT || binary < -MAX_BINARY_EXPONENT;
}

function hasNumberTooBig(text: string): boolean {
  for (const m of text.matchAll(TOKENS)) {
    if (m[3] !== undefined && exponentOutOfRange(m[1] as string, m[2] ?? '', m[3])) return true;
  }
  return false;
}

const base = jsonBuiltins.find((d) => d.name === 'json.unmarshal');

/** The `json.unmarshal` built-in of OPA v1.22. */
export const rangeCheckedJsonBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('json.unmarshal', 1, (args, ctx) => {
    if (base?.kind !== 'function') throw new Error('json.unmarshal is not a standard built-in');
    const value = base.call(args, ctx);
    if (typeof args[0] === 'string' && hasNumberTooBig(args[0]))
      throw builtinError('json.unmarshal', 'invalid number: number too big');
    return value;
  }),
];
