/**
 * Encoding built-ins with Go's strictness and error texts: `base64.*`, `base64url.*`, `hex.*`,
 * `urlquery.*`. Decoded bytes that are not UTF-8 become U+FFFD (see `utf8.ts`).
 */
import type { BuiltinDefinition } from '../builtin.ts';
import { isObject, makeObject, objectEntries, SetValue, type Value } from '../value/index.ts';
import { base64Text, hexBytes, hexText, utf8Bytes } from './bytes.ts';
import { arg, builtinError, defineFunction, operandError, stringArg, typeError } from './operands.ts';
import { decodeUtf8 } from './utf8.ts';

/** Validates standard or URL base64 with padding like Go's decoder; returns the offset of the first bad byte. */
function base64Problem(s: string, url: boolean): number | undefined {
  const alphabet = url ? /[A-Za-z0-9_-]/ : /[A-Za-z0-9+/]/;
  const chars: [string, number][] = [];
  for (let i = 0; i < s.length; i++) if (s[i] !== '\r' && s[i] !== '\n') chars.push([s[i] as string, i]);
  for (let q = 0; q < chars.length; q += 4) {
    const quantum = chars.slice(q, q + 4);
    for (let j = 0; j < quantum.length; j++) {
      const [c, at] = quantum[j] as [string, number];
      if (c === '=') {
        if (j < 2) return at;
        if (j === 2 && quantum[3]?.[0] !== '=') return quantum[3]?.[1] ?? at;
        if (q + 4 < chars.length) return chars[q + 4]?.[1];
        break;
      }
      if (!alphabet.test(c)) return at;
    }
    if (quantum.length < 4 && !quantum.some(([c]) => c === '=')) return quantum[0]?.[1];
  }
  return undefined;
}

/**
 * The bytes of URL-safe base64 text, padded or not, validated as OPA's `base64url.decode` does;
 * throws an `Error` worded as Go's decoder (without a built-in's name).
 */
export function decodeBase64UrlBytes(s: string): Uint8Array {
  let padded = s;
  if (!s.endsWith('=')) {
    const rest = s.length % 4;
    if (rest === 1) throw new Error(`illegal base64url string: ${s}`);
    padded += rest === 2 ? '==' : rest === 3 ? '=' : '';
  }
  return decodeBase64Bytes(padded, true);
}

/**
 * The bytes of padded standard (or URL-safe) base64 text, validated as Go's decoder does (line
 * breaks ignored); throws an `Error` worded as Go's.
 */
export function decodeBase64Bytes(s: string, url: boolean): Uint8Array {
  const bad = base64Problem(s, url);
  if (bad !== undefined) throw new Error(`illegal base64 data at input byte ${bad}`);
  const text = s.replace(/[\r\n]/g, '');
  const binary = atob(url ? text.replace(/-/g, '+').replace(/_/g, '/') : text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function base64Decode(name: string, s: string, url: boolean): string {
  const bad = base64Problem(s, url);
  if (bad !== undefined) throw builtinError(name, `illegal base64 data at input byte ${bad}`);
  return decodeUtf8(decodeBase64Bytes(s, url));
}

function hexDecode(s: string): string {
  const bytes = utf8Bytes(s);
  const invalid = (b: number) =>
    builtinError(
      'hex.decode',
      `encoding/hex: invalid byte: U+${b.toString(16).toUpperCase().padStart(4, '0')} ${JSON.stringify(String.fromCharCode(b)).replace(/^"|"$/g, "'")}`,
    );
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (!/[0-9a-fA-F]/.test(String.fromCharCode(b))) throw invalid(b);
  }
  if (bytes.length % 2 === 1) throw builtinError('hex.decode', 'encoding/hex: odd length hex string');
  return decodeUtf8(hexBytes(s));
}

/** Go's `url.QueryEscape`. */
function queryEscape(s: string): string {
  let out = '';
  for (const b of utf8Bytes(s)) {
    const c = String.fromCharCode(b);
    if (/[A-Za-z0-9\-_.~]/.test(c)) out += c;
    else if (c === ' ') out += '+';
    else out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Go's `url.QueryUnescape`; throws the escape error text. */
function queryUnescape(name: string, s: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c === '%') {
      const hex = s.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex))
        throw builtinError(name, `invalid URL escape ${JSON.stringify(s.slice(i, i + 3))}`);
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else if (c === '+') bytes.push(0x20);
    else {
      // A character beyond the BMP is two UTF-16 units: encode the pair, not each half.
      const ch = String.fromCodePoint(s.codePointAt(i) as number);
      bytes.push(...utf8Bytes(ch));
      i += ch.length - 1;
    }
  }
  return decodeUtf8(Uint8Array.from(bytes));
}

function encodeObject(args: readonly Value[]): string {
  const obj = arg(args, 0);
  if (!isObject(obj)) throw typeError('urlquery.encode_object', 1, obj, 'object');
  const bad = () =>
    operandError('urlquery.encode_object', 1, 'values must be string, array[string], or set[string]');
  const pairs: string[] = [];
  const keyText = (k: Value) => (typeof k === 'string' ? k : JSON.stringify(k));
  const entries = objectEntries(obj).map(([k, v]) => [keyText(k), v] as const);
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  for (const [k, v] of entries) {
    const values =
      typeof v === 'string' ? [v] : Array.isArray(v) ? v : v instanceof SetValue ? v.sorted() : undefined;
    if (!values) throw bad();
    for (const x of values) {
      if (typeof x !== 'string') throw bad();
      pairs.push(`${queryEscape(k)}=${queryEscape(x)}`);
    }
  }
  return pairs.join('&');
}

function decodeObject(args: readonly Value[]): Value {
  const query = stringArg('urlquery.decode_object', args, 0);
  const values = new Map<string, string[]>();
  for (const part of query.split('&')) {
    if (part === '') continue;
    if (part.includes(';'))
      throw builtinError('urlquery.decode_object', 'invalid semicolon separator in query');
    const eq = part.indexOf('=');
    const key = queryUnescape('urlquery.decode_object', eq < 0 ? part : part.slice(0, eq));
    const value = queryUnescape('urlquery.decode_object', eq < 0 ? '' : part.slice(eq + 1));
    values.set(key, [...(values.get(key) ?? []), value]);
  }
  return makeObject([...values]);
}

/** Encoding built-ins. */
export const encodingBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('base64.encode', 1, (args) => base64Text(utf8Bytes(stringArg('base64.encode', args, 0)))),
  defineFunction('base64.decode', 1, (args) =>
    base64Decode('base64.decode', stringArg('base64.decode', args, 0), false),
  ),
  defineFunction('base64.is_valid', 1, (args) => {
    const s = arg(args, 0);
    return typeof s === 'string' && base64Problem(s, false) === undefined;
  }),
  defineFunction('base64url.encode', 1, (args) => {
    const s = base64Text(utf8Bytes(stringArg('base64url.encode', args, 0)), true);
    return s + '='.repeat((4 - (s.length % 4)) % 4);
  }),
  defineFunction('base64url.encode_no_pad', 1, (args) =>
    base64Text(utf8Bytes(stringArg('base64url.encode_no_pad', args, 0)), true),
  ),
  defineFunction('base64url.decode', 1, (args) => {
    let s = stringArg('base64url.decode', args, 0);
    if (!s.endsWith('=')) {
      const rest = s.length % 4;
      if (rest === 1) throw builtinError('base64url.decode', `illegal base64url string: ${s}`);
      s += rest === 2 ? '==' : rest === 3 ? '=' : '';
    }
    return base64Decode('base64url.decode', s, true);
  }),
  defineFunction('hex.encode', 1, (args) => hexText(utf8Bytes(stringArg('hex.encode', args, 0)))),
  defineFunction('hex.decode', 1, (args) => hexDecode(stringArg('hex.decode', args, 0))),
  defineFunction('urlquery.encode', 1, (args) => queryEscape(stringArg('urlquery.encode', args, 0))),
  defineFunction('urlquery.decode', 1, (args) =>
    queryUnescape('urlquery.decode', stringArg('urlquery.decode', args, 0)),
  ),
  defineFunction('urlquery.encode_object', 1, encodeObject),
  defineFunction('urlquery.decode_object', 1, decodeObject),
];
