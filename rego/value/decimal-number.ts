/**
 * Numbers whose OPA text is not the text of a JavaScript number. OPA keeps every number as the
 * decimal text it was written with or computed as (`json.Number`); the engine keeps a double,
 * which stands for its shortest text. Where OPA's text says more — a float literal (`1.0`, `1e2`,
 * `2.50`: floats, not integers, written as is), a 64-bit result with more digits than a double
 * (`1 / 3` is `0.33333333333333333334`), Go's exponent form (`3.3333333333333333333e-08`) — the
 * value is a {@link DecimalNumber}: that text beside its nearest double.
 */
import { COLLECTION, numberText, parseNumber, type Value } from './value.ts';

/** The exact decimal a text denotes: `0.digits × 10^exponent`, no leading or trailing zeros. */
interface DecimalParts {
  readonly negative: boolean;
  readonly digits: string;
  readonly exponent: number;
}

/**
 * A number carried as OPA's text beside its nearest double. Built-ins that read a number as a
 * `float64` read {@link DecimalNumber.value}; integer operands refuse it (its text is no
 * integer); arithmetic reads the text at 64 bits; JSON, object keys and `sprintf` write the text.
 * A subclass may compute the text on first use (a fraction from the double fast path).
 */
export class DecimalNumber {
  declare readonly [COLLECTION]: 'number';
  /** The nearest double; beyond the doubles (`1e400`), the exact integer the text denotes. */
  readonly value: number | bigint;
  #text: string | undefined;
  #parts: DecimalParts | undefined;

  /**
   * @param value the double nearest the text.
   * @param text OPA's text; omitted by a subclass that computes it ({@link DecimalNumber.computeText}).
   */
  constructor(value: number | bigint, text?: string) {
    this.value = value;
    this.#text = text;
  }

  /** OPA's text of the number. */
  get text(): string {
    this.#text ??= this.computeText();
    return this.#text;
  }

  /** The text when it was not given: subclasses compute it on first use. */
  protected computeText(): string {
    throw new TypeError('a DecimalNumber needs its text');
  }

  /** The exact decimal of the text. */
  get parts(): DecimalParts {
    this.#parts ??= decimalParts(this.text);
    return this.#parts;
  }

  /** Whether the text denotes exactly the double's shortest decimal (`1.0`, `2.50`, `1e-07`). */
  get isDouble(): boolean {
    return sameParts(this.parts, decimalParts(doubleText(this.value)));
  }

  toString(): string {
    return this.text;
  }

  /** The double, so that `Number(n)` and comparisons with JavaScript numbers read the value. */
  valueOf(): number {
    return Number(this.value);
  }

  toJSON(): number {
    return Number(this.value);
  }
}

// The mark lives on the prototype: one fewer property to set on each number made.
Object.defineProperty(DecimalNumber.prototype, COLLECTION, { value: 'number' });

/** Whether `v` is a {@link DecimalNumber}. */
export function isDecimalNumber(v: unknown): v is DecimalNumber {
  return v instanceof DecimalNumber;
}

/** The shortest decimal text of a double (an unsafe integral double in full). */
function doubleText(n: number | bigint): string {
  return Object.is(n, -0) ? '0' : String(n);
}

/** The exact decimal a number text (`-1.50e+3`, `1E2`, `0.10`) denotes. */
export function decimalParts(text: string): DecimalParts {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return { negative: false, digits: '', exponent: 0 };
  const whole = m[2] ?? '';
  const fraction = m[3] ?? '';
  const all = whole + fraction;
  const lead = all.length - all.replace(/^0+/, '').length;
  const digits = all.slice(lead).replace(/0+$/, '');
  if (digits === '') return { negative: false, digits: '', exponent: 0 };
  return { negative: m[1] === '-', digits, exponent: whole.length - lead + Number(m[4] ?? 0) };
}

function sameParts(a: DecimalParts, b: DecimalParts): boolean {
  return a.negative === b.negative && a.digits === b.digits && a.exponent === b.exponent;
}

/** The exact decimal of any Rego number. */
function partsOf(n: number | bigint | DecimalNumber): DecimalParts {
  if (n instanceof DecimalNumber) return n.parts;
  return decimalParts(doubleText(n));
}

function compareMagnitudes(a: DecimalParts, b: DecimalParts): number {
  if (a.digits === '' || b.digits === '') return a.digits === '' ? (b.digits === '' ? 0 : -1) : 1;
  if (a.exponent !== b.exponent) return a.exponent < b.exponent ? -1 : 1;
  return a.digits < b.digits ? -1 : a.digits > b.digits ? 1 : 0;
}

/**
 * Compares two numbers of which at least one is a {@link DecimalNumber}, exactly (as OPA compares
 * the decimals): by their doubles when they differ (rounding keeps the order), else by the texts.
 */
export function compareDecimal(
  a: number | bigint | DecimalNumber,
  b: number | bigint | DecimalNumber,
): number {
  const x = a instanceof DecimalNumber ? a.value : a;
  const y = b instanceof DecimalNumber ? b.value : b;
  if (x < y) return -1;
  if (x > y) return 1;
  const pa = partsOf(a);
  const pb = partsOf(b);
  const sa = pa.digits === '' ? 0 : pa.negative ? -1 : 1;
  const sb = pb.digits === '' ? 0 : pb.negative ? -1 : 1;
  if (sa !== sb) return sa < sb ? -1 : 1;
  const c = compareMagnitudes(pa, pb);
  return sa < 0 ? -c : c;
}

/**
 * The hash key of a {@link DecimalNumber}: the double's own key (`plainKey`) when the text denotes
 * the double exactly, else the exact decimal behind a `~`, which no other value's key starts with.
 */
export function decimalKey(n: DecimalNumber, plainKey: (v: number | bigint) => string): string {
  if (n.isDouble) return plainKey(n.value);
  const { negative, digits, exponent } = n.parts;
  return `~${negative ? '-' : ''}0.${digits}e${exponent}`;
}

const INTEGER_TEXT = /^-?\d+$/;

/**
 * The number a JSON or Rego number text denotes, as OPA keeps it: a {@link DecimalNumber} when
 * the text is not the value's own (`1.0`, `2.50`, `1e400`), else the plain number; `undefined`
 * for a text no number has.
 * @example numberOfText('1.0'); // DecimalNumber { value: 1, text: '1.0' }
 */
export function numberOfText(text: string): Value | undefined {
  const n = parseNumber(text);
  if (n === undefined || INTEGER_TEXT.test(text) || numberText(n) === text) return n;
  return new DecimalNumber(n, text);
}
