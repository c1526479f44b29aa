/**
 * `big.Float.Text(format, -1)`: the shortest decimal that reads back as the same float at its
 * precision (Go's `roundShortest`, which bounds by half an ulp on either side), written in `%f`
 * or `%g` form, and OPA's `FloatToNumber` choice between them (integers in full, others `%g`).
 */
import { type BigFloat, isIntegral } from './go-big-float.ts';

/** A decimal `0.d₁d₂… × 10^point`: `digits` without leading or trailing zeros ('' for zero). */
interface Decimal {
  digits: string;
  point: number;
}

/** The exact decimal of `m × 2^e`. */
function exactDecimal(m: bigint, e: number): Decimal {
  if (m === 0n) return { digits: '', point: 0 };
  const scaled = e >= 0 ? (m << BigInt(e)).toString() : (m * 5n ** BigInt(-e)).toString();
  const point = e >= 0 ? scaled.length : scaled.length + e;
  return { digits: scaled.replace(/0+$/, ''), point };
}

function digitAt(d: Decimal, i: number): number {
  return i < d.digits.length ? d.digits.charCodeAt(i) - 48 : 0;
}

function roundDown(d: Decimal, n: number): void {
  d.digits = d.digits.slice(0, n).replace(/0+$/, '');
}

function roundUp(d: Decimal, n: number): void {
  let i = n - 1;
  while (i >= 0 && d.digits[i] === '9') i--;
  if (i < 0) {
    d.digits = '1';
    d.point += 1;
    return;
  }
  d.digits = d.digits.slice(0, i) + String.fromCharCode(d.digits.charCodeAt(i) + 1);
}

/** Rounds `d` to `n` digits, ties to even (Go's `decimal.round`). */
function roundHalfEven(d: Decimal, n: number): void {
  if (n >= d.digits.length) return;
  const next = d.digits[n] as string;
  const up = next === '5' && n + 1 === d.digits.length ? n > 0 && digitAt(d, n - 1) % 2 === 1 : next >= '5';
  if (up) roundUp(d, n);
  else roundDown(d, n);
}

/** Go's `roundShortest`: the fewest digits within half an ulp (at `x.prec`) of `x`. */
function shortest(x: BigFloat, d: Decimal): void {
  if (d.digits === '') return;
  let mant = x.mant;
  let exp = x.exp;
  const s = mant.toString(2).length - (x.prec + 1);
  if (s < 0) mant <<= BigInt(-s);
  else if (s > 0) mant >>= BigInt(s);
  exp += s;
  const lower = exactDecimal(mant - 1n, exp);
  const upper = exactDecimal(mant + 1n, exp);
  const inclusive = (mant & 2n) === 0n;
  // Go compares the digits position by position, whatever the bounds' decimal points.
  for (let i = 0; i < d.digits.length; i++) {
    const m = digitAt(d, i);
    const l = digitAt(lower, i);
    const u = digitAt(upper, i);
    const okDown = l !== m || (inclusive && i + 1 === lower.digits.length);
    const okUp = m !== u && (inclusive || m + 1 < u || i + 1 < upper.digits.length);
    if (okDown && okUp) roundHalfEven(d, i + 1);
    else if (okDown) roundDown(d, i + 1);
    else if (okUp) roundUp(d, i + 1);
    else continue;
    return;
  }
}

function fractionDigit(d: Decimal, i: number): number {
  return i < 0 ? 0 : digitAt(d, i);
}

function fixedForm(d: Decimal, fractionDigits: number): string {
  let out = d.point > 0 ? '' : '0';
  for (let i = 0; i < d.point; i++) out += String(digitAt(d, i));
  if (fractionDigits === 0) return out;
  out += '.';
  for (let i = 1; i <= fractionDigits; i++) out += String(fractionDigit(d, d.point + i - 1));
  return out;
}

function exponentForm(d: Decimal, fractionDigits: number): string {
  let out = d.digits === '' ? '0' : (d.digits[0] as string);
  if (fractionDigits > 0) out += `.${d.digits.slice(1, 1 + fractionDigits).padEnd(fractionDigits, '0')}`;
  const e = d.digits === '' ? 0 : d.point - 1;
  return `${out}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
}

/** `x.Text(format, -1)` for `format` `'f'` or `'g'`. */
export function bigFloatText(x: BigFloat, format: 'f' | 'g'): string {
  const d = exactDecimal(x.mant, x.exp);
  shortest(x, d);
  const sign = x.neg ? '-' : '';
  if (format === 'f') return sign + fixedForm(d, Math.max(d.digits.length - d.point, 0));
  const exp = d.point - 1;
  if (d.digits !== '' && (exp < -4 || exp >= 6)) return sign + exponentForm(d, d.digits.length - 1);
  return sign + fixedForm(d, Math.max(d.digits.length - d.point, 0));
}

/** The text OPA gives a computed number (`FloatToNumber`): integers in full, others as `%g`. */
export function opaNumberText(x: BigFloat): string {
  return bigFloatText(x, isIntegral(x) ? 'f' : 'g');
}
