/**
 * Go's binary forms of a float64 in `fmt`: `%x`/`%X` (hexadecimal mantissa, power-of-two
 * exponent: `-0x1.4p+01`) and `%b` (integer mantissa: `-5629499534213120p-51`), both for the
 * shortest precision, as `sprintf` prints them without a precision.
 */

interface FloatParts {
  readonly negative: boolean;
  /** The 53-bit mantissa with its leading one, normalized for subnormals. */
  readonly mantissa: bigint;
  /** Exponent of the mantissa's leading bit. */
  readonly exponent: number;
}

function partsOf(x: number): FloatParts | undefined {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const negative = bits >> 63n === 1n;
  const biased = Number((bits >> 52n) & 0x7ffn);
  let fraction = bits & ((1n << 52n) - 1n);
  if (biased === 0 && fraction === 0n) return undefined;
  if (biased !== 0) return { negative, mantissa: fraction | (1n << 52n), exponent: biased - 1023 };
  let exponent = -1022;
  while (fraction < 1n << 52n) {
    fraction <<= 1n;
    exponent--;
  }
  return { negative, mantissa: fraction, exponent };
}

function exponentText(e: number, minDigits: number): string {
  return `${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(minDigits, '0')}`;
}

/** `%x` (or `%X` with `upper`) of a finite float64, without sign (the caller adds it). */
export function hexFloatMagnitude(x: number, upper: boolean): string {
  const parts = partsOf(x);
  let text = '0x0p+00';
  if (parts) {
    const fraction = (parts.mantissa & ((1n << 52n) - 1n)).toString(16).padStart(13, '0').replace(/0+$/, '');
    text = `0x1${fraction ? `.${fraction}` : ''}p${exponentText(parts.exponent, 2)}`;
  }
  return upper ? text.toUpperCase() : text;
}

/** `%b` of a finite float64, without sign. */
export function binaryFloatMagnitude(x: number): string {
  // Go prints the raw mantissa and exponent of the encoding; subnormals keep a smaller mantissa.
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const exponent = (biased === 0 ? 1 : biased) - 1075;
  return `${mantissa}p${exponentText(exponent, 0)}`;
}
