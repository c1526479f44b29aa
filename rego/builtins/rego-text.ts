/**
 * Values as OPA prints them (`Value.String()`): Rego syntax with Go-quoted strings, used by
 * `sprintf` for non-scalar arguments and by `print`.
 */
import { isObject, objectEntries, SetValue, type Value } from '../value/index.ts';

const PRINTABLE = /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u;
const SHORT_ESCAPES: Record<string, string> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
  '\\': '\\\\',
  '"': '\\"',
};

/** `s` in double quotes, escaped like Go's `strconv.Quote`. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const short = SHORT_ESCAPES[ch];
    if (short) {
      out += short;
      continue;
    }
    const cp = ch.codePointAt(0) as number;
    if (ch === ' ' || (cp >= 0x20 && cp < 0x7f)) out += ch;
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, '0')}`;
    else if (cp >= 0xd800 && cp <= 0xdfff) out += '\\ufffd';
    else if (PRINTABLE.test(ch)) out += ch;
    else if (cp < 0x10000) out += `\\u${cp.toString(16).padStart(4, '0')}`;
    else out += `\\U${cp.toString(16).padStart(8, '0')}`;
  }
  return `${out}"`;
}

/** A number as text: integers exactly, other numbers in their shortest round-trip form. */
export function numberText(n: number | bigint): string {
  return typeof n === 'bigint' ? n.toString() : String(n);
}

/** A value in Rego syntax, as OPA's `Value.String()` renders it. */
export function regoText(v: Value): string {
  switch (typeof v) {
    case 'string':
      return goQuote(v);
    case 'number':
    case 'bigint':
      return numberText(v);
    case 'boolean':
      return v ? 'true' : 'false';
    default:
      if (v === null) return 'null';
      if (Array.isArray(v)) return `[${v.map(regoText).join(', ')}]`;
      if (v instanceof SetValue) return v.size === 0 ? 'set()' : `{${v.sorted().map(regoText).join(', ')}}`;
      if (isObject(v)) {
        return `{${objectEntries(v)
          .map(([k, x]) => `${regoText(k)}: ${regoText(x)}`)
          .join(', ')}}`;
      }
      return String(v);
  }
}
