/**
 * The text Go's `strconv.ParseFloat` accepts, which OPA's `to_number` checks its string with:
 * decimal (`1.5e3`, `.5`, `1.`) or hexadecimal with a binary exponent (`0x1.8p1`), an optional
 * sign, and underscores that each stand between two digits or after the `0x` prefix
 * (`1_000`, `1e1_0`, `0x_1p-2`; not `1__0`, `_1`, `1_`).
 */

const DECIMAL = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const HEXADECIMAL = /^0[xX]([0-9a-fA-F]+(\.[0-9a-fA-F]*)?|\.[0-9a-fA-F]+)[pP]([+-]?\d+)$/;

/** Whether every underscore of `digits` (sign removed) sits between digits or after the prefix. */
function underscoresBetweenDigits(digits: string, hex: boolean): boolean {
  const isDigit = (ch: string | undefined) =>
    ch !== undefined && (/\d/.test(ch) || (hex && /[0-9a-fA-F]/.test(ch)));
  for (let i = 0; i < digits.length; i++) {
    if (digits[i] !== '_') continue;
    const afterPrefix = hex && i === 2;
    if (!(isDigit(digits[i - 1]) || afterPrefix) || !isDigit(digits[i + 1])) return false;
  }
  return true;
}

/**
 * The number `text` writes in Go's float syntax (a double; decimal text is left to the caller
 * to read exactly): `{ decimal }` with the text cleaned of its sign's `+` and underscores, or
 * `{ value }` for hexadecimal text; `undefined` for text Go refuses.
 */
export function readGoFloat(text: string): { decimal: string } | { value: number } | undefined {
  const negative = text.startsWith('-');
  const unsigned = text.startsWith('+') || negative ? text.slice(1) : text;
  const hex = /^0[xX]/.test(unsigned);
  if (!underscoresBetweenDigits(unsigned, hex)) return undefined;
  const clean = unsigned.replaceAll('_', '');
  if (!hex) return DECIMAL.test(clean) ? { decimal: `${negative ? '-' : ''}${clean}` } : undefined;
  const m = HEXADECIMAL.exec(clean);
  if (!m) return undefined;
  const [whole = '', fraction = ''] = (m[1] as string).split('.');
  const mantissa = BigInt(`0x${whole}${fraction}`);
  const value = Number(mantissa) * 2 ** (Number(m[3]) - 4 * fraction.length);
  return { value: negative ? -value : value };
}
