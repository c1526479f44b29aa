/**
 * `units.parse` and `units.parse_bytes` as OPA v1.22 has them: an amount whose exponent has more
 * than six digits (`10e10000000Ei`) is refused with "exponent too large" before it is read.
 */
import type { BuiltinDefinition, BuiltinFunction } from '../../builtin.ts';
import { defineFunction, stringArg } from '../operands.ts';
import { unitBuiltins, unitsError } from '../units.ts';

/** Most digits OPA v1.22 reads in an amount's exponent. */
const MAX_EXPONENT_DIGITS = 6;

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/** Whether the amount at the start of `s` (up to its unit) has an exponent of too many digits. */
export function exponentTooLarge(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (isDigit(c) || c === '.' || c === '+' || c === '-') continue;
    if (c !== 'e' && c !== 'E') return false;
    const next = s[i + 1];
    if (!isDigit(next) && next !== '+' && next !== '-') return false;
    if (next === '+' || next === '-') i++;
    let end = i + 1;
    while (isDigit(s[end])) end++;
    if (end - (i + 1) > MAX_EXPONENT_DIGITS) return true;
  }
  return false;
}

function withExponentLimit(name: string): BuiltinFunction {
  const base = unitBuiltins.find((d) => d.name === name);
  if (base?.kind !== 'function') throw new Error(`${name} is not a standard built-in`);
  return (args, ctx) => {
    const s = stringArg(name, args, 0).replaceAll('"', '');
    if (!s.includes(' ') && exponentTooLarge(s)) throw unitsError(name, 'exponent too large');
    return base.call(args, ctx);
  };
}

/** The unit-parsing built-ins of OPA v1.22. */
export const exponentLimitedUnitBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('units.parse', 1, withExponentLimit('units.parse')),
  defineFunction('units.parse_bytes', 1, withExponentLimit('units.parse_bytes')),
];
