/**
 * Compiled Go regular expressions and Go's `regexp` iteration rules (`FindAll`, `Split`,
 * `ReplaceAllString` with `$1`/`${name}` templates). Matching uses the JavaScript `RegExp`
 * translation when backtracking is safe for the expression and input, and the linear-time
 * Pike VM otherwise, so no pattern can stall evaluation.
 */
import { toJsRegex } from './re2-emit.ts';
import { compileProgram, type Program } from './re2-program.ts';
import { type BacktrackingRisk, backtrackingIsSafe, backtrackingRisk } from './re2-risk.ts';
import { parseRe2, Re2SyntaxError, type Re2Tree } from './re2-syntax.ts';
import { codePoints, runProgram } from './re2-vm.ts';

/** A compiled expression. */
export interface CompiledRegex {
  readonly names: ReadonlyMap<string, number>;
  readonly tree: Re2Tree;
  /** Global JavaScript translation (its `lastIndex` is set before each use). */
  readonly global: RegExp;
  /** Non-global JavaScript translation, for membership tests. */
  readonly test: RegExp;
  readonly risk: BacktrackingRisk;
  /** Linear-time program, compiled on first need. */
  program?: Program;
}

/** A match: UTF-16 offsets and the text of each group (`undefined` when it did not take part). */
export interface RegexMatch {
  readonly index: number;
  readonly end: number;
  readonly groups: readonly (string | undefined)[];
}

const CACHE_SIZE = 500;
const cache = new Map<string, CompiledRegex | Re2SyntaxError>();

/** Compiles a Go regular expression (cached); throws {@link Re2SyntaxError} with Go's wording. */
export function compileRegex(pattern: string): CompiledRegex {
  let hit = cache.get(pattern);
  if (hit === undefined) {
    try {
      const tree = parseRe2(pattern);
      const { source, flags } = toJsRegex(tree);
      hit = {
        names: tree.names,
        tree,
        global: new RegExp(source, `${flags}g`),
        test: new RegExp(source, flags),
        risk: backtrackingRisk(tree.root),
      };
    } catch (e) {
      if (!(e instanceof Re2SyntaxError)) throw e;
      hit = e;
    }
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(pattern, hit);
  }
  if (hit instanceof Re2SyntaxError) throw hit;
  return hit;
}

/** A function finding the first match at or after a UTF-16 offset of `s`. */
export type Matcher = (from: number) => RegexMatch | undefined;

/** Which matching engine to use: chosen per input (`auto`), or forced. */
export type RegexEngine = 'auto' | 'backtracking' | 'linear';

/**
 * The matcher of `re` over `s`.
 * @param engine default `auto`: backtracking when safe for this expression and input length, and
 *   when the submatches asked for are the same in both engines
 * @param submatches whether the caller reads group texts (default true)
 */
export function matcher(
  re: CompiledRegex,
  s: string,
  engine: RegexEngine = 'auto',
  submatches = true,
): Matcher {
  const backtrack =
    engine === 'auto'
      ? backtrackingIsSafe(re.risk, s.length) && !(submatches && re.risk.capturesInRepeat)
      : engine === 'backtracking';
  if (backtrack) {
    return (from) => {
      re.global.lastIndex = from;
      const m = re.global.exec(s);
      return m ? { index: m.index, end: m.index + m[0].length, groups: [...m] } : undefined;
    };
  }
  re.program ??= compileProgram(re.tree.root, re.tree.groupCount);
  const program = re.program;
  const { cps, offsets } = codePoints(s);
  return (from) => {
    let lo = 0;
    let hi = cps.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((offsets[mid] as number) < from) lo = mid + 1;
      else hi = mid;
    }
    const slots = runProgram(program, cps, lo);
    if (!slots) return undefined;
    const groups: (string | undefined)[] = [];
    for (let g = 0; g < slots.length; g += 2) {
      const a = slots[g] as number;
      const b = slots[g + 1] as number;
      groups.push(a < 0 || b < 0 ? undefined : s.slice(offsets[a], offsets[b]));
    }
    return {
      index: offsets[slots[0] as number] as number,
      end: offsets[slots[1] as number] as number,
      groups,
    };
  };
}

/** Whether `re` matches anywhere in `s`. */
export function matches(re: CompiledRegex, s: string): boolean {
  if (backtrackingIsSafe(re.risk, s.length)) return re.test.test(s);
  return matcher(re, s, 'linear')(0) !== undefined;
}

function width(s: string, i: number): number {
  return (s.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
}

/**
 * Successive matches as Go's `FindAll*` reports them (`n < 0`: all); empty matches right after a
 * match are skipped.
 * @param submatches whether group texts are read (default true)
 */
export function* findAll(re: CompiledRegex, s: string, n: number, submatches = true): Generator<RegexMatch> {
  const find = matcher(re, s, 'auto', submatches);
  let pos = 0;
  let prevEnd = -1;
  let count = 0;
  while ((n < 0 || count < n) && pos <= s.length) {
    const m = find(pos);
    if (!m) break;
    let accept = true;
    if (m.end === pos) {
      if (m.index === prevEnd) accept = false;
      pos += pos < s.length ? width(s, pos) : 1;
    } else pos = m.end;
    prevEnd = m.end;
    if (accept) {
      count++;
      yield m;
    }
  }
}

/** Go's `Regexp.Split(s, -1)`. */
export function splitAll(re: CompiledRegex, pattern: string, s: string): string[] {
  if (pattern !== '' && s === '') return [''];
  const out: string[] = [];
  let beg = 0;
  let end = 0;
  for (const m of findAll(re, s, -1, false)) {
    end = m.index;
    if (m.end !== 0) out.push(s.slice(beg, end));
    beg = m.end;
  }
  if (end !== s.length) out.push(s.slice(beg));
  return out;
}

/** Parses a `$name` / `${name}` reference at the start of `t` (after the `$`), like Go's `extract`. */
function extractName(t: string): { name: string; rest: string } | undefined {
  const brace = t.startsWith('{');
  const body = brace ? t.slice(1) : t;
  const m = /^[\p{L}\p{Nd}_]+/u.exec(body);
  if (!m) return undefined;
  let rest = body.slice(m[0].length);
  if (brace) {
    if (!rest.startsWith('}')) return undefined;
    rest = rest.slice(1);
  }
  return { name: m[0], rest };
}

function expand(template: string, m: RegexMatch, names: ReadonlyMap<string, number>): string {
  let out = '';
  let t = template;
  for (let at = t.indexOf('$'); at >= 0; at = t.indexOf('$')) {
    out += t.slice(0, at);
    t = t.slice(at + 1);
    if (t.startsWith('$')) {
      out += '$';
      t = t.slice(1);
      continue;
    }
    const ref = extractName(t);
    if (!ref) {
      out += '$';
      continue;
    }
    t = ref.rest;
    const numeric = /^\d+$/.test(ref.name) && !(ref.name.length > 1 && ref.name.startsWith('0'));
    const index = numeric ? Number(ref.name) : names.get(ref.name);
    if (index !== undefined && index < m.groups.length) out += m.groups[index] ?? '';
  }
  return out + t;
}

/** Go's `Regexp.ReplaceAllString(src, template)`. */
export function replaceAllMatches(re: CompiledRegex, src: string, template: string): string {
  const find = matcher(re, src, 'auto', template.includes('$'));
  let out = '';
  let lastEnd = 0;
  let searchPos = 0;
  while (searchPos <= src.length) {
    const m = find(searchPos);
    if (!m) break;
    out += src.slice(lastEnd, m.index);
    if (m.end > lastEnd || m.index === 0) out += expand(template, m, re.names);
    lastEnd = m.end;
    const w = searchPos < src.length ? width(src, searchPos) : 1;
    searchPos = Math.max(searchPos + w, m.end);
  }
  return out + src.slice(lastEnd);
}
