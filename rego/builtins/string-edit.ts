/**
 * String built-ins that rewrite: `replace`, `strings.replace_n`, `trim`, `trim_left`,
 * `trim_right`, `trim_prefix`, `trim_suffix`, `trim_space`. Cut sets are sets of code points.
 */
import type { BuiltinDefinition } from '../builtin.ts';
import { compareStrings, objectEntries, type Value } from '../value/index.ts';
import { defineFunction, objectArg, operandError, stringArg } from './operands.ts';

/** Go's `unicode.IsSpace`. */
const SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/u;

/**
 * Replaces, left to right and without overlaps, each occurrence of a pattern; where several
 * patterns match at one position the earliest in `pairs` wins (Go's `strings.Replacer`, which
 * OPA's `replace` and `strings.replace_n` use). An empty pattern matches at every byte of the
 * text's UTF-8, also inside a character, as Go's does: `replace("aü", "", "-")` splits `ü` into
 * two bytes that are not UTF-8 alone, written (as OPA writes them) as U+FFFD each. Without an
 * empty pattern, matches start only at characters, so code units give the same result as bytes.
 */
export function replaceAll(s: string, pairs: readonly (readonly [string, string])[]): string {
  const only = pairs.length === 1 ? pairs[0] : undefined;
  if (only && only[0] !== '') return s.split(only[0]).join(only[1]);
  if (isAscii(s) || !pairs.some(([from]) => from === '')) return replaceUnits(s, pairs);
  const encoded = pairs.map(([from, to]) => [UTF8.encode(from), UTF8.encode(to)] as const);
  return TEXT.decode(replaceBytes(UTF8.encode(s), encoded));
}

const UTF8 = new TextEncoder();
const TEXT = new TextDecoder('utf-8');

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** {@link replaceAll} on text whose characters are single bytes. */
function replaceUnits(s: string, pairs: readonly (readonly [string, string])[]): string {
  let out = '';
  let i = 0;
  let emptyMatched = false;
  while (i <= s.length) {
    const hit = pairs.find(([from]) => (from === '' ? !emptyMatched : s.startsWith(from, i)));
    if (hit) {
      out += hit[1];
      emptyMatched = hit[0] === '';
      i += hit[0].length;
      continue;
    }
    if (i === s.length) break;
    out += s[i];
    i++;
    emptyMatched = false;
  }
  return out;
}

function startsWithBytes(s: Uint8Array, prefix: Uint8Array, at: number): boolean {
  if (at + prefix.length > s.length) return false;
  for (let j = 0; j < prefix.length; j++) if (s[at + j] !== prefix[j]) return false;
  return true;
}

/** {@link replaceAll} on UTF-8 bytes, as Go's generic replacer runs. */
function replaceBytes(s: Uint8Array, pairs: readonly (readonly [Uint8Array, Uint8Array])[]): Uint8Array {
  const out: number[] = [];
  let i = 0;
  let emptyMatched = false;
  while (i <= s.length) {
    const hit = pairs.find(([from]) => (from.length === 0 ? !emptyMatched : startsWithBytes(s, from, i)));
    if (hit) {
      for (const b of hit[1]) out.push(b);
      emptyMatched = hit[0].length === 0;
      i += hit[0].length;
      continue;
    }
    if (i === s.length) break;
    out.push(s[i] as number);
    i++;
    emptyMatched = false;
  }
  return Uint8Array.from(out);
}

function cutSet(cut: string): (ch: string) => boolean {
  const set = new Set(Array.from(cut));
  return (ch) => set.has(ch);
}

function trimStart(s: string, drop: (ch: string) => boolean): string {
  let i = 0;
  for (const ch of s) {
    if (!drop(ch)) break;
    i += ch.length;
  }
  return s.slice(i);
}

function trimEnd(s: string, drop: (ch: string) => boolean): string {
  const chars = Array.from(s);
  let n = chars.length;
  while (n > 0 && drop(chars[n - 1] as string)) n--;
  return chars.slice(0, n).join('');
}

function trimmer(
  name: string,
  trim: (s: string, drop: (ch: string) => boolean) => string,
): BuiltinDefinition {
  return defineFunction(name, 2, (args) => trim(stringArg(name, args, 0), cutSet(stringArg(name, args, 1))));
}

function replaceN(args: readonly Value[]): string {
  const patterns = objectArg('strings.replace_n', args, 0);
  const s = stringArg('strings.replace_n', args, 1);
  const pairs = objectEntries(patterns).map(([k, v]): [string, string] => {
    if (typeof k !== 'string')
      throw operandError('strings.replace_n', 1, 'non-string key found in pattern object');
    if (typeof v !== 'string')
      throw operandError('strings.replace_n', 1, 'non-string value found in pattern object');
    return [k, v];
  });
  pairs.sort((a, b) => compareStrings(a[0], b[0]));
  return pairs.length === 0 ? s : replaceAll(s, pairs);
}

/** String rewriting built-ins. */
export const stringEditBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('replace', 3, (args) =>
    replaceAll(stringArg('replace', args, 0), [
      [stringArg('replace', args, 1), stringArg('replace', args, 2)],
    ]),
  ),
  defineFunction('strings.replace_n', 2, replaceN),
  trimmer('trim', (s, drop) => trimEnd(trimStart(s, drop), drop)),
  trimmer('trim_left', trimStart),
  trimmer('trim_right', trimEnd),
  defineFunction('trim_prefix', 2, (args) => {
    const s = stringArg('trim_prefix', args, 0);
    const prefix = stringArg('trim_prefix', args, 1);
    return s.startsWith(prefix) ? s.slice(prefix.length) : s;
  }),
  defineFunction('trim_suffix', 2, (args) => {
    const s = stringArg('trim_suffix', args, 0);
    const suffix = stringArg('trim_suffix', args, 1);
    return s.endsWith(suffix) ? s.slice(0, s.length - suffix.length) : s;
  }),
  defineFunction('trim_space', 1, (args) => {
    const isSpace = (ch: string) => SPACE.test(ch);
    return trimEnd(trimStart(stringArg('trim_space', args, 0), isSpace), isSpace);
  }),
];
