/**
 * `glob.match` and `glob.quote_meta` with the semantics of the `gobwas/glob` library OPA uses:
 * `*` and `?` stop at delimiters, `**` does not, `[a-z]`, `[!abc]`, `{a,b}` and `\` escapes.
 * Globs are translated to Go regular expressions, so they share the regex engine's linear-time
 * guarantee.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import type { Value } from '../../value/index.ts';
import { arg, builtinError, defineFunction, elementError, stringArg, typeError } from '../operands.ts';
import { type CompiledRegex, compileRegex, matches } from './go-regexp.ts';

const CACHE_SIZE = 500;
const cache = new Map<string, CompiledRegex | string>();
const ANY = '(?s:.)';
const NOTHING = '[^\\x{0}-\\x{10FFFF}]';

/** A code point in Go regular-expression syntax, safe inside and outside classes. */
function classChar(ch: string): string {
  return `\\x{${(ch.codePointAt(0) as number).toString(16)}}`;
}

/** Translates a glob into a Go regular expression; throws a message on bad syntax. */
function globSource(pattern: string, delimiters: readonly string[]): string {
  const chars = Array.from(pattern);
  const single = delimiters.length === 0 ? ANY : `[^${delimiters.map(classChar).join('')}]`;
  let pos = 0;
  const parse = (inTerms: boolean): string => {
    const alternatives: string[] = [];
    let out = '';
    while (pos < chars.length) {
      const c = chars[pos++] as string;
      if (c === '\\') {
        if (pos >= chars.length) throw new Error('unexpected end of input');
        out += classChar(chars[pos++] as string);
      } else if (c === '*') {
        if (chars[pos] === '*') {
          pos++;
          out += `${ANY}*`;
        } else out += `${single}*`;
      } else if (c === '?') out += single;
      else if (c === '[') out += parseRange();
      else if (c === '{') {
        out += `(?:${parse(true)})`;
      } else if (inTerms && c === ',') {
        alternatives.push(out);
        out = '';
      } else if (inTerms && c === '}') {
        alternatives.push(out);
        return alternatives.join('|');
      } else out += classChar(c);
    }
    if (inTerms) throw new Error('unexpected end of input');
    return out;
  };
  const parseRange = (): string => {
    let negated = false;
    if (chars[pos] === '!') {
      negated = true;
      pos++;
    }
    let body: string;
    if (chars[pos + 1] === '-' && pos + 2 < chars.length) {
      const lo = chars[pos] as string;
      const hi = chars[pos + 2] as string;
      if ((hi.codePointAt(0) as number) < (lo.codePointAt(0) as number))
        throw new Error('hi character should be greater than lo character');
      body = `${classChar(lo)}-${classChar(hi)}`;
      pos += 3;
    } else {
      body = '';
      while (pos < chars.length && chars[pos] !== ']') {
        if (chars[pos] === '\\') pos++;
        if (pos >= chars.length) break;
        body += classChar(chars[pos++] as string);
      }
    }
    if (pos >= chars.length) throw new Error('unexpected end of input');
    if (chars[pos++] !== ']') throw new Error('expected close range character');
    return body === '' ? (negated ? ANY : NOTHING) : `[${negated ? '^' : ''}${body}]`;
  };
  return parse(false);
}

function compileGlob(pattern: string, delimiters: readonly string[]): CompiledRegex {
  const key = `${pattern}\u0000${delimiters.join('')}`;
  let hit = cache.get(key);
  if (hit === undefined) {
    try {
      hit = compileRegex(`^(?:${globSource(pattern, delimiters)})$`);
    } catch (e) {
      hit = (e as Error).message;
    }
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(key, hit);
  }
  if (typeof hit === 'string') throw builtinError('glob.match', hit);
  return hit;
}

function delimitersArg(args: readonly Value[]): string[] {
  const v = arg(args, 1);
  if (v === null) return [];
  if (!Array.isArray(v)) throw typeError('glob.match', 2, v, 'array', 'null');
  const list = v.map((d) => {
    if (typeof d !== 'string') throw elementError('glob.match', 2, v, d, 'string');
    if (Array.from(d).length !== 1) throw elementError('glob.match', 2, v, d, 'rune');
    return d;
  });
  return list.length === 0 ? ['.'] : list;
}

/** Glob built-ins. */
export const globBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('glob.match', 3, (args) => {
    const pattern = stringArg('glob.match', args, 0);
    const delimiters = delimitersArg(args);
    return matches(compileGlob(pattern, delimiters), stringArg('glob.match', args, 2));
  }),
  defineFunction('glob.quote_meta', 1, (args) =>
    stringArg('glob.quote_meta', args, 0).replace(/[*?\\[\]{}]/g, '\\$&'),
  ),
];
