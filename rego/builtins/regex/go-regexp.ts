/**
 * Go's `regexp` package on re2js (a port of RE2/J, itself derived from Go's regexp): the same
 * syntax, error texts and leftmost-first semantics, in linear time. On top of it, Go's iteration
 * rules (`FindAll`, `Split`, `ReplaceAllString` with `$1`/`${name}` templates), over UTF-16 offsets
 * that never split a surrogate pair.
 */
import { RE2JS, RE2JSSyntaxException } from 're2js';

/** A pattern Go's `regexp.Compile` refuses; the message is Go's, without `error parsing regexp: `. */
export class GoRegexpSyntaxError extends Error {
  override readonly name = 'GoRegexpSyntaxError';
}

/** A compiled expression. */
export interface CompiledRegex {
  readonly pattern: RE2JS;
  /** Group names to indices, for `${name}` in replacement templates. */
  readonly names: ReadonlyMap<string, number>;
}

/** A match: UTF-16 offsets and the text of each group (`''` when it did not take part, as in Go). */
export interface RegexMatch {
  readonly index: number;
  readonly end: number;
  readonly groups: readonly string[];
}

const CACHE_SIZE = 500;
const cache = new Map<string, CompiledRegex | GoRegexpSyntaxError>();

function compileUncached(source: string): CompiledRegex | GoRegexpSyntaxError {
  try {
    const pattern = RE2JS.compile(source);
    return { pattern, names: new Map(Object.entries(pattern.namedGroups())) };
  } catch (e) {
    if (!(e instanceof RE2JSSyntaxException)) throw e;
    // Go always quotes the offending text, even when it is empty (a trailing backslash).
    return new GoRegexpSyntaxError(`${e.getDescription()}: \`${e.getPattern() ?? ''}\``, { cause: e });
  }
}

/** Compiles a Go regular expression (cached); throws {@link GoRegexpSyntaxError} with Go's wording. */
export function compileRegex(source: string): CompiledRegex {
  let hit = cache.get(source);
  if (hit === undefined) {
    hit = compileUncached(source);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(source, hit);
  }
  if (hit instanceof GoRegexpSyntaxError) throw hit;
  return hit;
}

/** Whether `re` matches anywhere in `s`. */
export function matches(re: CompiledRegex, s: string): boolean {
  return re.pattern.matcher(s).find(0);
}

/** A function finding the first match at or after a UTF-16 offset of `s` (context before it counts). */
type Finder = (from: number) => RegexMatch | undefined;

function finder(re: CompiledRegex, s: string): Finder {
  const m = re.pattern.matcher(s);
  const count = m.groupCount();
  return (from) => {
    if (!m.find(from)) return undefined;
    const groups: string[] = [];
    for (let g = 0; g <= count; g++) groups.push(m.group(g) ?? '');
    return { index: m.start(), end: m.end(), groups };
  };
}

/** Width in UTF-16 units of the code point at `i` (1 past the end, as Go advances one byte). */
function width(s: string, i: number): number {
  if (i >= s.length) return 1;
  return (s.codePointAt(i) as number) > 0xffff ? 2 : 1;
}

/**
 * Successive matches as Go's `FindAll*` reports them (`n < 0`: all); an empty match right after
 * the previous match is skipped, and the search moves on by one code point after a match ending
 * where it started.
 */
export function* findAll(re: CompiledRegex, s: string, n: number): Generator<RegexMatch> {
  const find = finder(re, s);
  let pos = 0;
  let prevEnd = -1;
  let count = 0;
  while ((n < 0 || count < n) && pos <= s.length) {
    const m = find(pos);
    if (!m) break;
    let accept = true;
    if (m.end === pos) {
      if (m.index === prevEnd) accept = false;
      pos += width(s, pos);
    } else pos = m.end;
    prevEnd = m.end;
    if (accept) {
      count++;
      yield m;
    }
  }
}

/** Go's `Regexp.Split(s, -1)`. */
export function splitAll(re: CompiledRegex, source: string, s: string): string[] {
  if (source !== '' && s === '') return [''];
  const out: string[] = [];
  let beg = 0;
  let end = 0;
  for (const m of findAll(re, s, -1)) {
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

/** Go's `Regexp.Expand` of `template` for one match. */
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
  const find = finder(re, src);
  let out = '';
  let lastEnd = 0;
  let searchPos = 0;
  while (searchPos <= src.length) {
    const m = find(searchPos);
    if (!m) break;
    out += src.slice(lastEnd, m.index);
    if (m.end > lastEnd || m.index === 0) out += expand(template, m, re.names);
    lastEnd = m.end;
    const w = width(src, searchPos);
    searchPos = searchPos + w > m.end ? searchPos + w : m.end;
  }
  return out + src.slice(lastEnd);
}
