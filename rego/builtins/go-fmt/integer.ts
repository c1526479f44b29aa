/**
 * Go's `fmt` integer formatting (`%d %b %o %O %x %X`, flags, width, precision) for `int64` and
 * `*big.Int` arguments, and the padding shared by every verb.
 */
import { goQuote } from '../rego-text.ts';

/** Parsed `fmt` flags, width and precision of one verb. */
export interface FormatFlags {
  plus: boolean;
  minus: boolean;
  sharp: boolean;
  space: boolean;
  zero: boolean;
  width?: number | undefined;
  prec?: number | undefined;
}

/** Pads `s` to the width (counted in code points), left unless `-`, with zeros when `0` is set. */
export function pad(s: string, f: FormatFlags, zero = f.zero): string {
  if (f.width === undefined) return s;
  const n = f.width - Array.from(s).length;
  if (n <= 0) return s;
  return f.minus ? s + ' '.repeat(n) : (zero ? '0' : ' ').repeat(n) + s;
}

const BASES: Record<string, number> = { b: 2, o: 8, O: 8, d: 10, v: 10, x: 16, X: 16 };

/**
 * Formats an integer for `verb`, or returns `undefined` when Go rejects the verb for integers.
 * @param big `*big.Int` rules (accepts `%s`; zero padding counts the sign and prefix)
 */
export function formatInteger(value: bigint, verb: string, f: FormatFlags, big = false): string | undefined {
  const base = BASES[verb] ?? (big && verb === 's' ? 10 : undefined);
  if (base === undefined) return undefined;
  const negative = value < 0n;
  let digits = (negative ? -value : value).toString(base);
  if (verb === 'X') digits = digits.toUpperCase();
  const sign = negative ? '-' : f.plus ? '+' : f.space ? ' ' : '';
  let prefix = '';
  if (f.sharp) {
    if (base === 2) prefix = '0b';
    else if (base === 8) prefix = '0';
    else if (base === 16) prefix = verb === 'X' ? '0X' : '0x';
  }
  if (verb === 'O') prefix = '0o';
  if (f.prec !== undefined) {
    if (f.prec === 0 && value === 0n) return big ? '' : pad('', f, false);
    digits = digits.padStart(f.prec, '0');
  } else if (f.zero && f.width !== undefined && !f.minus) {
    const room = f.width - sign.length - (big ? prefix.length : 0);
    digits = digits.padStart(room, '0');
  }
  if (prefix === '0' && digits.startsWith('0')) prefix = '';
  return pad(sign + prefix + digits, f, false);
}

/**
 * A code point in single quotes, escaped like Go's `strconv.QuoteRune` (`QuoteRuneToASCII` with
 * `asciiOnly`, as `%+q` asks).
 */
export function quoteRune(cp: number, asciiOnly = false): string {
  const valid = cp >= 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff);
  const ch = String.fromCodePoint(valid ? cp : 0xfffd);
  if (ch === "'") return "'\\''";
  if (ch === '"') return `'"'`;
  return `'${goQuote(ch, asciiOnly).slice(1, -1)}'`;
}
