/**
 * JSON text as Go's `encoding/json` writes and reads it: sorted keys, HTML-safe escaping
 * (`<` → `\u003c`), indentation like `json.MarshalIndent`, and parse errors in Go's words
 * (`invalid character 'x' looking for beginning of value`). Integers keep full precision.
 */
import {
  compareStrings,
  isDecimal,
  makeObject,
  numberOfText,
  type ObjectValue,
  objectEntries,
  SetValue,
  type Value,
} from '../value/index.ts';
import { numberText } from './rego-text.ts';

const ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** A JSON string literal with Go's escaping. */
export function jsonString(s: string): string {
  let out = '"';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    const ch = s[i] as string;
    let escaped = ESCAPES[ch];
    if (escaped === undefined && code < 0x20) escaped = `\\u${code.toString(16).padStart(4, '0')}`;
    if (escaped === undefined && code >= 0xd800 && code <= 0xdfff) {
      const next = s.charCodeAt(i + 1);
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      escaped = '\\ufffd';
    }
    if (escaped === undefined) continue;
    out += s.slice(from, i) + escaped;
    from = i + 1;
  }
  return `${out}${s.slice(from)}"`;
}

/** Indentation of `json.MarshalIndent`. */
export interface JsonIndent {
  prefix: string;
  indent: string;
}

/**
 * Serializes a value like `json.Marshal` (or `json.MarshalIndent`) of its JSON form: sets become
 * sorted arrays, keys are sorted, a non-string key becomes its own JSON text.
 */
export function writeJson(v: Value, indent?: JsonIndent, depth = 0): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return jsonString(v);
  if (typeof v !== 'object') return numberOrBoolean(v);
  if (isDecimal(v)) return v.text;
  const nl = indent ? `\n${indent.prefix}${indent.indent.repeat(depth + 1)}` : '';
  const close = indent ? `\n${indent.prefix}${indent.indent.repeat(depth)}` : '';
  const items = Array.isArray(v) ? v : v instanceof SetValue ? v.sorted() : undefined;
  if (items) {
    if (items.length === 0) return '[]';
    return `[${items.map((x) => nl + writeJson(x, indent, depth + 1)).join(',')}${close}]`;
  }
  const entries = objectEntries(v as ObjectValue)
    .map(([k, x]) => [typeof k === 'string' ? k : writeJson(k), x] as const)
    .sort((a, b) => compareStrings(a[0], b[0]));
  if (entries.length === 0) return '{}';
  const sep = indent ? ': ' : ':';
  return `{${entries.map(([k, x]) => `${nl}${jsonString(k)}${sep}${writeJson(x, indent, depth + 1)}`).join(',')}${close}}`;
}

function numberOrBoolean(v: number | bigint | boolean): string {
  return typeof v === 'boolean' ? String(v) : numberText(v);
}

/** A JSON syntax error, worded as Go's decoder words it. */
export class JsonSyntaxError extends Error {
  override readonly name = 'JsonSyntaxError';
}

const MAX_DEPTH = 10_000;

function quoteChar(c: string): string {
  if (c === "'") return "'\\''";
  if (c === '"') return `'"'`;
  const q = JSON.stringify(c);
  return `'${q.slice(1, -1)}'`;
}

/** Parses JSON text into a Rego value (objects with string keys, exact integers). */
export function parseJson(text: string): Value {
  let i = 0;
  const fail = (context: string): never => {
    if (i >= text.length) throw new JsonSyntaxError('unexpected end of JSON input');
    throw new JsonSyntaxError(
      `invalid character ${quoteChar(String.fromCodePoint(text.codePointAt(i) as number))} ${context}`,
    );
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++;
  };
  const literal = (word: string, v: Value): Value => {
    for (const ch of word) {
      if (text[i] !== ch) fail(`in literal ${word} (expecting ${quoteChar(ch)})`);
      i++;
    }
    return v;
  };
  const str = (): string => {
    i++;
    let out = '';
    for (;;) {
      if (i >= text.length) fail('');
      const c = text[i] as string;
      if (c === '"') {
        i++;
        return out;
      }
      if (c < ' ') fail('in string literal');
      if (c !== '\\') {
        out += c;
        i++;
        continue;
      }
      i++;
      const e = text[i];
      const simple: Record<string, string> = {
        '"': '"',
        '\\': '\\',
        '/': '/',
        b: '\b',
        f: '\f',
        n: '\n',
        r: '\r',
        t: '\t',
      };
      if (e !== undefined && simple[e] !== undefined) {
        out += simple[e];
        i++;
      } else if (e === 'u') {
        i++;
        const hex = text.slice(i, i + 4);
        for (let k = 0; k < 4; k++) {
          if (!/[0-9A-Fa-f]/.test(text[i] ?? '')) fail('in \\u hexadecimal character escape');
          i++;
        }
        out += String.fromCharCode(Number.parseInt(hex, 16));
      } else fail('in string escape code');
    }
  };
  const num = (): Value => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m || m[0] === '-') {
      if (text[i] === '-') i++;
      return fail('in numeric literal');
    }
    i += m[0].length;
    // OPA keeps a JSON number's text (`1.0` stays a float written `1.0`).
    const n = numberOfText(m[0]);
    if (n === undefined) throw new JsonSyntaxError(`number ${m[0]} is out of range`);
    return n;
  };
  const value = (depth: number): Value => {
    if (depth > MAX_DEPTH) throw new JsonSyntaxError('exceeded max depth');
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const entries: [string, Value][] = [];
      ws();
      if (text[i] === '}') {
        i++;
        return makeObject(entries);
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('looking for beginning of object key string');
        const key = str();
        ws();
        if (text[i] !== ':') fail('after object key');
        i++;
        entries.push([key, value(depth + 1)]);
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return makeObject(entries);
        } else fail('after object key:value pair');
      }
    }
    if (c === '[') {
      i++;
      const items: Value[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return items;
      }
      for (;;) {
        items.push(value(depth + 1));
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return items;
        } else fail('after array element');
      }
    }
    if (c === '"') return str();
    if (c === 't') return literal('true', true);
    if (c === 'f') return literal('false', false);
    if (c === 'n') return literal('null', null);
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return num();
    return fail('looking for beginning of value');
  };
  const v = value(0);
  ws();
  if (i < text.length) fail('after top-level value');
  return v;
}
