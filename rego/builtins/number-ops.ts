/**
 * Number arithmetic with OPA's precision rules: integers are exact at any size (`bigint` beyond
 * 2^53), anything with a fraction is an IEEE double. Results keep the value model's invariant
 * (safe integers are `number`s, larger ones `bigint`s).
 */
import { normalizeNumber } from '../value/index.ts';
import { builtinError } from './operands.ts';

/** A Rego number. */
export type Num = number | bigint;

/** Whether `n` has no fractional part. */
export function isInteger(n: Num): boolean {
  return typeof n === 'bigint' || Number.isInteger(n);
}

/** `n` as a `bigint`; callers check {@link isInteger} first. */
export function toBigInt(n: Num): bigint {
  return typeof n === 'bigint' ? n : BigInt(n);
}

/** A float result, refused when it left the range of doubles (OPA's big floats never overflow). */
export function floatResult(name: string, x: number): Num {
  if (!Number.isFinite(x)) throw builtinError(name, 'number out of range');
  return normalizeNumber(x);
}

function integerOp(
  a: Num,
  b: Num,
  small: (x: number, y: number) => number,
  big: (x: bigint, y: bigint) => bigint,
): Num {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = small(a, b);
    if (Number.isSafeInteger(r)) return r === 0 ? 0 : r;
  }
  return normalizeNumber(big(toBigInt(a), toBigInt(b)));
}

/** `a + b`. */
export function addNumbers(name: string, a: Num, b: Num): Num {
  if (isInteger(a) && isInteger(b))
    return integerOp(
      a,
      b,
      (x, y) => x + y,
      (x, y) => x + y,
    );
  return floatResult(name, Number(a) + Number(b));
}

/** `a - b`. */
export function subtractNumbers(name: string, a: Num, b: Num): Num {
  if (isInteger(a) && isInteger(b))
    return integerOp(
      a,
      b,
      (x, y) => x - y,
      (x, y) => x - y,
    );
  return floatResult(name, Number(a) - Number(b));
}

/** `a * b`. */
export function multiplyNumbers(name: string, a: Num, b: Num): Num {
  if (isInteger(a) && isInteger(b))
    return integerOp(
      a,
      b,
      (x, y) => x * y,
      (x, y) => x * y,
    );
  return floatResult(name, Number(a) * Number(b));
}

/** `a / b`: exact when both are integers and `b` divides `a`; `divide by zero` for `b = 0`. */
export function divideNumbers(name: string, a: Num, b: Num): Num {
  if (b === 0 || b === 0n) throw builtinError(name, 'divide by zero');
  if (typeof a === 'bigint' || typeof b === 'bigint') {
    if (isInteger(a) && isInteger(b)) {
      const x = toBigInt(a);
      const y = toBigInt(b);
      if (x % y === 0n) return normalizeNumber(x / y);
    }
  }
  return floatResult(name, Number(a) / Number(b));
}

/** `a % b` on integers (sign of the dividend, like Go); fractions and zero divisors are errors. */
export function remainderNumbers(name: string, a: Num, b: Num): Num {
  if (!isInteger(a) || !isInteger(b)) throw builtinError(name, 'modulo on floating-point number');
  if (b === 0 || b === 0n) throw builtinError(name, 'modulo by zero');
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a % b;
    return r === 0 ? 0 : r;
  }
  return normalizeNumber(toBigInt(a) % toBigInt(b));
}

/** Rounds half away from zero. */
export function roundNumber(n: Num): Num {
  if (typeof n === 'bigint') return n;
  return normalizeNumber(n < 0 ? -Math.round(-n) : Math.round(n));
}

/**
 * Smallest integer ≥ `n` — except between −1 and 0, where OPA answers 1: it rounds the truncated
 * integer by its own sign, and the sign of 0 is not negative.
 */
export function ceilNumber(n: Num): Num {
  if (typeof n === 'bigint') return n;
  return n > -1 && n < 0 ? 1 : normalizeNumber(Math.ceil(n));
}

/** Largest integer ≤ `n` — except between −1 and 0, where OPA answers 0 (see {@link ceilNumber}). */
export function floorNumber(n: Num): Num {
  if (typeof n === 'bigint') return n;
  return n > -1 && n < 0 ? 0 : normalizeNumber(Math.floor(n));
}

/** `|n|`. */
export function absNumber(n: Num): Num {
  if (typeof n === 'bigint') return n < 0n ? -n : n;
  return Math.abs(n);
}

/** Integer part of `n`, truncated toward zero. */
export function truncateNumber(n: Num): bigint {
  return typeof n === 'bigint' ? n : BigInt(Math.trunc(n));
}
