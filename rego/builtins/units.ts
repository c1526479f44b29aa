/** `units.parse` (SI and binary suffixes, `m` for milli) and `units.parse_bytes`. */
import type { BuiltinDefinition } from '../builtin.ts';
import { normalizeNumber, parseNumber, type Value } from '../value/index.ts';
import { builtinError, defineFunction, stringArg } from './operands.ts';

/** A non-negative power of ten beyond which amounts are refused (they would take unbounded memory). */
const MAX_EXPONENT = 1000;

/** An exact decimal: numerator / 10^scale. */
interface Decimal {
  numerator: bigint;
  scale: number;
}

function parseDecimal(text: string): Decimal | undefined {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m || `${m[2]}${m[3] ?? ''}` === '') return undefined;
  const exp = Number(m[4] ?? '0');
  if (Math.abs(exp) > MAX_EXPONENT) return undefined;
  const digits = `${m[2]}${m[3] ?? ''}`;
  let numerator = BigInt(digits) * (m[1] === '-' ? -1n : 1n);
  let scale = (m[3] ?? '').length - exp;
  if (scale < 0) {
    numerator *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { numerator, scale };
}

/** Splits `10.5Mi` into `10.5` and `Mi` like OPA (an `e` followed by a digit or sign is an exponent). */
function splitAmount(s: string): [string, string] {
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (/[0-9.+-]/.test(c)) continue;
    if ((c === 'e' || c === 'E') && /[0-9+-]/.test(s[i + 1] ?? '')) {
      if (s[i + 1] === '+' || s[i + 1] === '-') i++;
      continue;
    }
    return [s.slice(0, i), s.slice(i)];
  }
  return [s, ''];
}

const BINARY: Record<string, bigint> = {
  k: 1n << 10n,
  m: 1n << 20n,
  g: 1n << 30n,
  t: 1n << 40n,
  p: 1n << 50n,
  e: 1n << 60n,
};
const DECIMAL: Record<string, bigint> = {
  k: 10n ** 3n,
  m: 10n ** 6n,
  g: 10n ** 9n,
  t: 10n ** 12n,
  p: 10n ** 15n,
  e: 10n ** 18n,
};

/**
 * A units failure worded as OPA reports it: its units errors already name the built-in, and OPA
 * names it again when it wraps them (`units.parse: units.parse: unit x not recognized`).
 */
export function unitsError(name: string, message: string): ReturnType<typeof builtinError> {
  return builtinError(name, `${name}: ${message}`);
}

function parseBytes(raw: string): Value {
  const name = 'units.parse_bytes';
  const s = raw.toLowerCase().replaceAll('"', '');
  if (s.includes(' ')) throw unitsError(name, 'spaces not allowed in resource strings');
  const [num, unit] = splitAmount(s);
  if (num === '') throw unitsError(name, 'no byte amount provided');
  const m = /^([kmgtpe])(i?)b?$/.exec(unit);
  if (unit !== '' && !m) throw unitsError(name, `byte unit ${unit} not recognized`);
  const factor = unit === '' || !m ? 1n : ((m[2] === 'i' ? BINARY : DECIMAL)[m[1] as string] as bigint);
  const amount = parseDecimal(num);
  if (!amount) throw unitsError(name, 'could not parse byte amount to a number');
  return normalizeNumber((amount.numerator * factor) / 10n ** BigInt(amount.scale));
}

function parseUnits(raw: string): Value {
  const name = 'units.parse';
  const s = raw.replaceAll('"', '');
  if (s.includes(' ')) throw unitsError(name, 'spaces not allowed in resource strings');
  const [num, rawUnit] = splitAmount(s);
  if (num === '') throw unitsError(name, 'no amount provided');
  const unit = rawUnit.length > 1 ? rawUnit[0] + rawUnit.slice(1).toLowerCase() : rawUnit;
  let numerator = 1n;
  let denominator = 1n;
  if (unit === 'm') denominator = 1000n;
  else if (unit !== '') {
    const m = /^(?:([kKMgGtTpPeE])|([kKmMgGtTpPeE])i)$/.exec(unit);
    if (!m) throw unitsError(name, `unit ${unit} not recognized`);
    numerator = m[1]
      ? (DECIMAL[m[1].toLowerCase()] as bigint)
      : (BINARY[(m[2] as string).toLowerCase()] as bigint);
  }
  const amount = parseDecimal(num);
  if (!amount) throw unitsError(name, 'could not parse amount to a number');
  const num2 = amount.numerator * numerator;
  const den = denominator * 10n ** BigInt(amount.scale);
  if (num2 % den === 0n) return normalizeNumber(num2 / den);
  // Rounded to ten decimal places, as OPA prints the rational.
  const scaled = (num2 * 10n ** 10n * 2n + (num2 < 0n ? -den : den)) / (2n * den);
  const sign = scaled < 0n ? '-' : '';
  const abs = (scaled < 0n ? -scaled : scaled).toString().padStart(11, '0');
  return parseNumber(`${sign}${abs.slice(0, -10)}.${abs.slice(-10)}`) ?? 0;
}

/** Unit-parsing built-ins. */
export const unitBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('units.parse', 1, (args) => parseUnits(stringArg('units.parse', args, 0))),
  defineFunction('units.parse_bytes', 1, (args) => parseBytes(stringArg('units.parse_bytes', args, 0))),
];
