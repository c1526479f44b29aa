/**
 * Exact rationals for JSON-schema number keywords, as gojsonschema compares numbers (Go's
 * `big.Rat` from the number's decimal text): `0.3` is a multiple of `0.1`.
 */

/** A rational `n / d` with `d > 0`. */
export interface Rational {
  readonly n: bigint;
  readonly d: bigint;
}

/** The decimal text of a Rego number, as Go's JSON encoder writes it. */
export function numberText(v: number | bigint): string {
  return typeof v === 'bigint' || Number.isInteger(v) ? BigInt(v).toString() : String(v);
}

/** The exact value of a number's decimal text. */
export function rational(v: number | bigint): Rational {
  const text = numberText(v);
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i.exec(text);
  if (!m) throw new Error(`not a decimal number: ${text}`);
  const [, sign, whole, fraction = '', exponent = '0'] = m;
  let n = BigInt(`${sign}${whole}${fraction}`);
  let d = 10n ** BigInt(fraction.length);
  const e = Number(exponent);
  if (e >= 0) n *= 10n ** BigInt(e);
  else d *= 10n ** BigInt(-e);
  return { n, d };
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`. */
export function compareRational(a: Rational, b: Rational): number {
  const l = a.n * b.d;
  const r = b.n * a.d;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** Whether `a / b` is an integer (`b` not zero). */
export function isMultiple(a: Rational, b: Rational): boolean {
  return (a.n * b.d) % (a.d * b.n) === 0n;
}

/** Whether a number is an integer (as gojsonschema decides: `1.0` is). */
export function isIntegral(v: number | bigint): boolean {
  return typeof v === 'bigint' || Number.isInteger(v);
}

/**
 * A rational as Go prints a `big.Float` made from it with `%v`: the shortest digits, in
 * exponent form when the exponent is below -4 or at least 6 (`1e+06`, `1.5`, `1e-05`).
 */
export function rationalText(r: Rational): string {
  let digits: string;
  let exp: number;
  let negative = r.n < 0n;
  if (r.n % r.d === 0n) {
    const i = r.n / r.d;
    const abs = (negative ? -i : i).toString();
    exp = abs.length - 1;
    digits = abs.replace(/0+$/, '') || '0';
  } else {
    const x = Number(r.n) / Number(r.d);
    negative = x < 0;
    const [mantissa = '0', e = '0'] = Math.abs(x).toExponential().split('e');
    digits = mantissa.replace('.', '');
    exp = Number(e);
  }
  const sign = negative ? '-' : '';
  if (digits === '0') return '0';
  if (exp < -4 || exp >= 6) {
    const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = Math.abs(exp).toString().padStart(2, '0');
    return `${sign}${mantissa}e${exp < 0 ? '-' : '+'}${e}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  const whole = digits.padEnd(exp + 1, '0');
  return `${sign}${whole.slice(0, exp + 1)}${whole.length > exp + 1 ? `.${whole.slice(exp + 1)}` : ''}`;
}
