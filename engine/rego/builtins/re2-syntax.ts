/**
 * A parser for Go's regular expression syntax (RE2, as `regexp.Compile` accepts it) into a small
 * tree. Constructs RE2 rejects (backreferences, lookaround, nested repetition…) fail with Go's
 * error text, e.g. ``missing closing ]: `[a` ``.
 */
import { type ClassItem, parseBracketClass, parseClassEscape, parseEscapedChar } from './re2-classes.ts';
import { Re2Cursor, Re2SyntaxError } from './re2-cursor.ts';

export type { ClassItem };
export { Re2SyntaxError };

/** A node of a parsed expression. */
export type Re2Node =
  | { kind: 'literal'; cp: number; fold: boolean }
  | { kind: 'class'; items: ClassItem[]; negated: boolean; fold: boolean }
  | { kind: 'any'; newline: boolean }
  | { kind: 'assert'; what: 'bol' | 'eol' | 'bot' | 'eot' | 'word' | 'nonword'; multiline: boolean }
  | { kind: 'group'; capture: boolean; body: Re2Node }
  | { kind: 'concat'; items: Re2Node[] }
  | { kind: 'alternate'; items: Re2Node[] }
  | { kind: 'repeat'; body: Re2Node; min: number; max: number; greedy: boolean };

/** A parsed expression with its capture groups. */
export interface Re2Tree {
  root: Re2Node;
  groupCount: number;
  /** Capture index (1-based) of each named group. */
  names: Map<string, number>;
}

/** Flags in effect: case folding, multi-line anchors, `.` matching `\n`, ungreedy. */
interface Flags {
  i: boolean;
  m: boolean;
  s: boolean;
  U: boolean;
}

const MAX_DEPTH = 1000;
const MAX_REPEAT = 1000;
const REPEAT = /^\{(\d+)(,(\d*))?\}/;
const ESCAPE_ASSERTIONS: Record<string, 'bot' | 'eot' | 'word' | 'nonword'> = {
  A: 'bot',
  z: 'eot',
  b: 'word',
  B: 'nonword',
};

/** Parses a Go regular expression; throws {@link Re2SyntaxError}. */
export function parseRe2(pattern: string): Re2Tree {
  const cur = new Re2Cursor(pattern);
  let groupCount = 0;
  const names = new Map<string, number>();

  function alternation(flags: Flags, depth: number): Re2Node {
    if (depth > MAX_DEPTH) throw new Re2SyntaxError('expression nests too deeply', pattern);
    const branches: Re2Node[] = [concatenation(flags, depth)];
    while (cur.peek() === '|') {
      cur.pos++;
      branches.push(concatenation(flags, depth));
    }
    return branches.length === 1 ? (branches[0] as Re2Node) : { kind: 'alternate', items: branches };
  }

  function concatenation(flags: Flags, depth: number): Re2Node {
    const items: Re2Node[] = [];
    let lastRepeatStart = -1;
    while (!cur.done && cur.peek() !== '|' && cur.peek() !== ')') {
      const start = cur.pos;
      const c = cur.peek() as string;
      if (c === '*' || c === '+' || c === '?' || (c === '{' && REPEAT.test(cur.text()))) {
        const [min, max] = repetition();
        const lazy = cur.peek() === '?';
        if (lazy) cur.pos++;
        const prev = items.pop();
        if (!prev)
          throw new Re2SyntaxError('missing argument to repetition operator', cur.text(start, cur.pos));
        if (lastRepeatStart >= 0) {
          throw new Re2SyntaxError('invalid nested repetition operator', cur.text(lastRepeatStart, cur.pos));
        }
        items.push({ kind: 'repeat', body: prev, min, max, greedy: lazy === flags.U });
        lastRepeatStart = start;
        continue;
      }
      lastRepeatStart = -1;
      items.push(...atom(flags, depth));
    }
    return items.length === 1 ? (items[0] as Re2Node) : { kind: 'concat', items };
  }

  function repetition(): [number, number] {
    const c = cur.peek() as string;
    if (c !== '{') {
      cur.pos++;
      return c === '*' ? [0, -1] : c === '+' ? [1, -1] : [0, 1];
    }
    const m = REPEAT.exec(cur.text()) as RegExpExecArray;
    cur.pos += m[0].length;
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === '' ? -1 : Number(m[3]);
    if (min > MAX_REPEAT || max > MAX_REPEAT || (max >= 0 && max < min)) {
      throw new Re2SyntaxError('invalid repeat count', m[0]);
    }
    return [min, max];
  }

  function atom(flags: Flags, depth: number): Re2Node[] {
    const c = cur.peek() as string;
    switch (c) {
      case '(':
        return group(flags, depth);
      case '[':
        return [{ kind: 'class', ...parseBracketClass(cur), fold: flags.i }];
      case '.':
        cur.pos++;
        return [{ kind: 'any', newline: flags.s }];
      case '^':
      case '$':
        cur.pos++;
        return [{ kind: 'assert', what: c === '^' ? 'bol' : 'eol', multiline: flags.m }];
      case '\\':
        return escapeSequence(flags);
      default:
        cur.pos++;
        return [{ kind: 'literal', cp: c.codePointAt(0) as number, fold: flags.i }];
    }
  }

  function group(flags: Flags, depth: number): Re2Node[] {
    const start = cur.pos;
    cur.pos++;
    let capture = true;
    let inner = flags;
    if (cur.peek() === '?') {
      const named = cur.peek(1) === 'P' && cur.peek(2) === '<' ? 3 : cur.peek(1) === '<' ? 2 : 0;
      if (named) {
        const close = cur.indexOf('>', cur.pos + named);
        if (close < 0) throw new Re2SyntaxError('invalid named capture', cur.text(start));
        const name = cur.text(cur.pos + named, close);
        if (!/^[\p{L}\p{Nd}_]+$/u.test(name) || names.has(name)) {
          throw new Re2SyntaxError('invalid named capture', cur.text(start, close + 1));
        }
        cur.pos = close + 1;
        names.set(name, groupCount + 1);
      } else {
        const parsed = groupFlags(flags, start);
        if (!parsed.scoped) {
          Object.assign(flags, parsed.flags);
          return [];
        }
        inner = parsed.flags;
        capture = false;
      }
    }
    if (capture) groupCount++;
    const body = alternation({ ...inner }, depth + 1);
    if (cur.peek() !== ')') throw new Re2SyntaxError('missing closing )', pattern);
    cur.pos++;
    return [{ kind: 'group', capture, body }];
  }

  /** `(?flags)` or `(?flags:`, the cursor at the `?`. */
  function groupFlags(flags: Flags, start: number): { flags: Flags; scoped: boolean } {
    cur.pos++;
    const next = { ...flags };
    let negate = false;
    let sawFlag = false;
    for (;;) {
      const c = cur.peek();
      if (c === undefined) throw new Re2SyntaxError('missing closing )', pattern);
      cur.pos++;
      if (c === 'i' || c === 'm' || c === 's' || c === 'U') {
        next[c] = !negate;
        sawFlag = true;
      } else if (c === '-' && !negate) {
        negate = true;
        sawFlag = false;
      } else if ((c === ':' || c === ')') && !(negate && !sawFlag)) {
        return { flags: next, scoped: c === ':' };
      } else {
        throw new Re2SyntaxError('invalid or unsupported Perl syntax', cur.text(start, cur.pos));
      }
    }
  }

  function escapeSequence(flags: Flags): Re2Node[] {
    const c = cur.peek(1);
    if (c === undefined) throw new Re2SyntaxError('trailing backslash at end of expression', '');
    const what = ESCAPE_ASSERTIONS[c];
    if (what) {
      cur.pos += 2;
      return [{ kind: 'assert', what, multiline: false }];
    }
    if (c === 'Q') {
      cur.pos += 2;
      const rest = cur.text();
      const end = rest.indexOf('\\E');
      const literal = Array.from(end < 0 ? rest : rest.slice(0, end));
      cur.pos += literal.length + (end < 0 ? 0 : 2);
      return literal.map((ch) => ({ kind: 'literal', cp: ch.codePointAt(0) as number, fold: flags.i }));
    }
    const cls = parseClassEscape(cur);
    if (cls) return [{ kind: 'class', ...cls, fold: flags.i }];
    return [{ kind: 'literal', cp: parseEscapedChar(cur), fold: flags.i }];
  }

  const root = alternation({ i: false, m: false, s: false, U: false }, 0);
  if (!cur.done) throw new Re2SyntaxError('unexpected )', pattern);
  return { root, groupCount, names };
}
