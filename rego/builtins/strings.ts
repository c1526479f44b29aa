/**
 * String built-ins that search and slice: `concat`, `contains`, `startswith`, `endswith`,
 * `indexof`, `indexof_n`, `substring`, `split`, `lower`, `upper`, `format_int`, `strings.*`.
 * Positions and lengths count Unicode code points, as OPA counts runes.
 */
import type { BuiltinDefinition } from '../builtin.ts';
import type { Value } from '../value/index.ts';
import { codePointCount } from './aggregates.ts';
import { type IntegerArithmetic, integerPart } from './number-ops.ts';
import {
  arg,
  builtinError,
  collectionItems,
  decimalArg,
  defineFunction,
  elementError,
  intArg,
  numberArg,
  operandError,
  stringArg,
  typeError,
} from './operands.ts';

function stringPredicate(name: string, test: (s: string, t: string) => boolean): BuiltinDefinition {
  return defineFunction(name, 2, (args) => test(stringArg(name, args, 0), stringArg(name, args, 1)));
}

/** Maps each code point on its own (Go's simple case mapping: `ß` stays `ß`, not `SS`). */
function mapCase(s: string, upper: boolean): string {
  if (/^\p{ASCII}*$/u.test(s)) return upper ? s.toUpperCase() : s.toLowerCase();
  let out = '';
  for (const ch of s) {
    if (!upper && ch === '\u0130') {
      out += 'i';
      continue;
    }
    const mapped = upper ? ch.toUpperCase() : ch.toLowerCase();
    out += codePointCount(mapped) === 1 ? mapped : ch;
  }
  return out;
}

function searchArgs(name: string, args: readonly Value[]): [string, string] {
  const base = stringArg(name, args, 0);
  const search = stringArg(name, args, 1);
  if (search === '') throw builtinError(name, 'empty search character');
  return [base, search];
}

/** UTF-16 offsets of every occurrence of `search` in `base`, overlapping ones included. */
function occurrences(base: string, search: string): number[] {
  const found: number[] = [];
  // A well-formed search string cannot match from the middle of a surrogate pair.
  for (let i = base.indexOf(search); i >= 0; i = base.indexOf(search, i + 1)) found.push(i);
  return found;
}

function affixMatch(
  name: string,
  args: readonly Value[],
  test: (s: string, affix: string) => boolean,
): boolean {
  const operand = (i: number): string[] => {
    const v = arg(args, i);
    if (typeof v === 'string') return [v];
    const items = collectionItems(v);
    if (!items) throw typeError(name, i + 1, v, 'string', 'set', 'array');
    return items.map((x) => {
      if (typeof x !== 'string') throw elementError(name, i + 1, v, x, 'string');
      return x;
    });
  };
  const strings = operand(0);
  const affixes = operand(1);
  return strings.some((s) => affixes.some((a) => test(s, a)));
}

const RADIX: Record<string, number> = { '2': 2, '8': 8, '10': 10, '16': 16 };

/** `format_int` of a release: big integers exact (`exact`) or through a 64-bit float (`rounded`). */
export function createFormatIntBuiltin(integers: IntegerArithmetic): BuiltinDefinition {
  return defineFunction('format_int', 2, (args) => {
    // A float literal (`1e400`) is read through a 64-bit float even where integers are exact.
    const n = decimalArg('format_int', args, 0);
    const base = numberArg('format_int', args, 1);
    const radix = RADIX[String(base)];
    if (radix === undefined) throw operandError('format_int', 2, 'must be one of {2, 8, 10, 16}');
    return integerPart(integers, n).toString(radix);
  });
}

function substring(args: readonly Value[]): string {
  const s = stringArg('substring', args, 0);
  const start = intArg('substring', args, 1);
  const length = intArg('substring', args, 2);
  if (start < 0) throw builtinError('substring', 'negative offset');
  const chars = Array.from(s);
  if (start >= chars.length) return '';
  return chars.slice(start, length < 0 ? undefined : start + length).join('');
}

function concat(args: readonly Value[]): string {
  const sep = stringArg('concat', args, 0);
  const v = arg(args, 1);
  const items = collectionItems(v);
  if (!items) throw typeError('concat', 2, v, 'set', 'array');
  for (const x of items) if (typeof x !== 'string') throw elementError('concat', 2, v, x, 'string');
  return items.join(sep);
}

/** Search and slice built-ins on strings. */
export const stringBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('concat', 2, concat),
  stringPredicate('contains', (s, t) => s.includes(t)),
  stringPredicate('startswith', (s, t) => s.startsWith(t)),
  stringPredicate('endswith', (s, t) => s.endsWith(t)),
  defineFunction('indexof', 2, (args) => {
    const [base, search] = searchArgs('indexof', args);
    const at = base.indexOf(search);
    return at < 0 ? -1 : codePointCount(base.slice(0, at));
  }),
  defineFunction('indexof_n', 2, (args) => {
    const [base, search] = searchArgs('indexof_n', args);
    return occurrences(base, search).map((at) => codePointCount(base.slice(0, at)));
  }),
  defineFunction('substring', 3, substring),
  defineFunction('split', 2, (args) => {
    const s = stringArg('split', args, 0);
    const sep = stringArg('split', args, 1);
    return sep === '' ? Array.from(s) : s.split(sep);
  }),
  defineFunction('lower', 1, (args) => mapCase(stringArg('lower', args, 0), false)),
  defineFunction('upper', 1, (args) => mapCase(stringArg('upper', args, 0), true)),
  createFormatIntBuiltin('rounded'),
  defineFunction('strings.reverse', 1, (args) =>
    Array.from(stringArg('strings.reverse', args, 0))
      .reverse()
      .join(''),
  ),
  defineFunction('strings.count', 2, (args) => {
    const s = stringArg('strings.count', args, 0);
    const sub = stringArg('strings.count', args, 1);
    return sub === '' ? codePointCount(s) + 1 : s.split(sub).length - 1;
  }),
  defineFunction('strings.any_prefix_match', 2, (args) =>
    affixMatch('strings.any_prefix_match', args, (s, a) => s.startsWith(a)),
  ),
  defineFunction('strings.any_suffix_match', 2, (args) =>
    affixMatch('strings.any_suffix_match', args, (s, a) => s.endsWith(a)),
  ),
];
