/**
 * Go's literal syntax as `text/template` reads it: `strconv.Unquote` for strings and character
 * constants, and the number readings (int, uint, float) of `parse.NumberNode`.
 */
import type { NumberNode } from './nodes.ts';

/** A literal Go refuses, with Go's message. */
export class LiteralError extends Error {
  override readonly name = 'LiteralError';
}

const SIMPLE: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
};

/** Reads one (possibly escaped) character of a quoted literal at `i`: the text and the next index. */
function unquoteChar(s: string, i: number, quote: string): [string, number] {
  const c = String.fromCodePoint(s.codePointAt(i) as number);
  if (c === quote || c === '\n') throw new LiteralError('invalid syntax');
  if (c !== '\\') return [c, i + c.length];
  const e = s[i + 1] ?? '';
  if (SIMPLE[e] !== undefined) return [SIMPLE[e] as string, i + 2];
  if (e === quote) return [e, i + 2];
  const hexLen = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
  if (hexLen) {
    const hex = s.slice(i + 2, i + 2 + hexLen);
    if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== hexLen) throw new LiteralError('invalid syntax');
    const cp = Number.parseInt(hex, 16);
    if (e === 'x') return [String.fromCharCode(cp), i + 4];
    if (cp > 0x10ffff || (cp >= 0xd800 && cp < 0xe000)) throw new LiteralError('invalid syntax');
    return [String.fromCodePoint(cp), i + 2 + hexLen];
  }
  const oct = s.slice(i + 1, i + 4);
  if (/^[0-7]{3}$/.test(oct) && Number.parseInt(oct, 8) <= 255)
    return [String.fromCharCode(Number.parseInt(oct, 8)), i + 4];
  throw new LiteralError('invalid syntax');
}

/** Go's `strconv.Unquote` of a `"…"` or `` `…` `` literal (bytes above 0x7f from `\x` escapes kept as code units). */
export function unquote(literal: string): string {
  if (literal.startsWith('`')) {
    if (literal.length < 2 || !literal.endsWith('`')) throw new LiteralError('invalid syntax');
    return literal.slice(1, -1).replaceAll('\r', '');
  }
  let out = '';
  let i = 1;
  while (i < literal.length - 1) {
    const [c, next] = unquoteChar(literal, i, '"');
    out += c;
    i = next;
  }
  return out;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/** Go's `strconv.ParseInt(text, 0, 64)`-style reading of an integer literal (sign, base prefix, underscores). */
function parseInteger(text: string): bigint | undefined {
  const m = /^([+-]?)(0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|0[0-7_]*|[1-9][0-9_]*)$/.exec(text);
  if (!m) return undefined;
  if (/__|_$/.test(m[2] as string)) return undefined;
  const body = (m[2] as string).replaceAll('_', '');
  const octal = /^0[0-7]+$/.test(body) ? `0o${body.slice(1)}` : body;
  const value = BigInt(octal === '0' ? '0' : octal);
  return m[1] === '-' ? -value : value;
}

/** A number literal read the way `parse.NumberNode` reads it. */
export function numberNode(pos: number, text: string, charConstant: boolean): NumberNode {
  if (charConstant) {
    const [c, next] = unquoteChar(text, 1, "'");
    if (text.slice(next) !== "'") throw new LiteralError(`malformed character constant: ${text}`);
    const cp = BigInt(c.codePointAt(0) as number);
    return {
      type: 'number',
      pos,
      text,
      isInt: true,
      int: cp,
      isUint: true,
      isFloat: true,
      float: Number(cp),
    };
  }
  const n = parseInteger(text);
  const isInt = n !== undefined && n >= INT64_MIN && n <= INT64_MAX;
  const isUint = n !== undefined && n >= 0n && n <= UINT64_MAX;
  if (isInt || isUint) {
    return {
      type: 'number',
      pos,
      text,
      isInt,
      int: isInt ? (n as bigint) : 0n,
      isUint,
      isFloat: true,
      float: Number(n),
    };
  }
  const badUnderscore = /__|_$|^[+-]?_|_[.eE]|[.eE+-]_/.test(text);
  const f =
    !badUnderscore && /^[+-]?(\d[\d_]*\.?[\d_]*|\.\d[\d_]*)([eE][+-]?\d[\d_]*)?$/.test(text)
      ? Number(text.replaceAll('_', ''))
      : undefined;
  if (f === undefined || !Number.isFinite(f))
    throw new LiteralError(`illegal number syntax: ${JSON.stringify(text)}`);
  if (!/[.eEpP]/.test(text)) throw new LiteralError(`integer overflow: ${JSON.stringify(text)}`);
  const whole = Number.isInteger(f) ? BigInt(f) : undefined;
  const fitsInt = whole !== undefined && whole >= INT64_MIN && whole < 2n ** 63n;
  const fitsUint = whole !== undefined && whole >= 0n && whole < 2n ** 64n;
  return {
    type: 'number',
    pos,
    text,
    isInt: fitsInt,
    int: fitsInt ? (whole as bigint) : 0n,
    isUint: fitsUint,
    isFloat: true,
    float: f,
  };
}
