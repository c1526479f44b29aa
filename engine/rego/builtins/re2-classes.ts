/**
 * Character classes of Go's regular expressions: `[...]` with ranges and POSIX names, Perl
 * classes (`\d \s \w`, ASCII only), Unicode classes (`\pL`, `\p{Greek}`), and escapes.
 */
import { type Re2Cursor, Re2SyntaxError } from './re2-cursor.ts';

/** A range of code points, or a Unicode property (`\p{Greek}`, JS syntax) inside a class. */
export type ClassItem = { lo: number; hi: number } | { property: string; negated: boolean };

/** A parsed class. */
export interface ParsedClass {
  items: ClassItem[];
  negated: boolean;
}

type Ranges = [number, number][];

const PERL: Record<string, Ranges> = {
  d: [[0x30, 0x39]],
  s: [
    [0x09, 0x0a],
    [0x0c, 0x0d],
    [0x20, 0x20],
  ],
  w: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x5f, 0x5f],
    [0x61, 0x7a],
  ],
};
const POSIX: Record<string, Ranges> = {
  alnum: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x61, 0x7a],
  ],
  alpha: [
    [0x41, 0x5a],
    [0x61, 0x7a],
  ],
  ascii: [[0x00, 0x7f]],
  blank: [
    [0x09, 0x09],
    [0x20, 0x20],
  ],
  cntrl: [
    [0x00, 0x1f],
    [0x7f, 0x7f],
  ],
  digit: [[0x30, 0x39]],
  graph: [[0x21, 0x7e]],
  lower: [[0x61, 0x7a]],
  print: [[0x20, 0x7e]],
  punct: [
    [0x21, 0x2f],
    [0x3a, 0x40],
    [0x5b, 0x60],
    [0x7b, 0x7e],
  ],
  space: [
    [0x09, 0x0d],
    [0x20, 0x20],
  ],
  upper: [[0x41, 0x5a]],
  word: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x5f, 0x5f],
    [0x61, 0x7a],
  ],
  xdigit: [
    [0x30, 0x39],
    [0x41, 0x46],
    [0x61, 0x66],
  ],
};
const CATEGORIES = new Set(
  'C Cc Cf Co Cs L Ll Lm Lo Lt Lu M Mc Me Mn N Nd Nl No P Pc Pd Pe Pf Pi Po Ps S Sc Sk Sm So Z Zl Zp Zs'.split(
    ' ',
  ),
);
const SIMPLE_ESCAPES: Record<string, number> = { a: 7, f: 12, n: 10, r: 13, t: 9, v: 11 };

function toItems(ranges: Ranges): ClassItem[] {
  return ranges.map(([lo, hi]) => ({ lo, hi }));
}

/** Complement of sorted ranges over all code points. */
export function negateRanges(ranges: { lo: number; hi: number }[]): { lo: number; hi: number }[] {
  const out: { lo: number; hi: number }[] = [];
  let next = 0;
  for (const r of ranges) {
    if (r.lo > next) out.push({ lo: next, hi: r.lo - 1 });
    next = Math.max(next, r.hi + 1);
  }
  if (next <= 0x10ffff) out.push({ lo: next, hi: 0x10ffff });
  return out;
}

/** The complement of class items (ranges are complemented; properties are flipped). */
function negateItems(items: ClassItem[]): ClassItem[] {
  const props = items.filter((it): it is { property: string; negated: boolean } => 'property' in it);
  if (props.length > 0) return props.map((p) => ({ property: p.property, negated: !p.negated }));
  return negateRanges((items as { lo: number; hi: number }[]).slice().sort((a, b) => a.lo - b.lo));
}

/** `\d \s \w \p{…}` and their negations at the cursor (a backslash); `undefined` for other escapes. */
export function parseClassEscape(cur: Re2Cursor): ParsedClass | undefined {
  const c = cur.peek(1) ?? '';
  const perl = 'dswDSW'.includes(c) ? PERL[c.toLowerCase()] : undefined;
  if (perl) {
    cur.pos += 2;
    return { items: toItems(perl), negated: c !== c.toLowerCase() };
  }
  if (c !== 'p' && c !== 'P') return undefined;
  const start = cur.pos;
  cur.pos += 2;
  let name: string;
  if (cur.peek() === '{') {
    const close = cur.indexOf('}');
    if (close < 0) throw new Re2SyntaxError('invalid character class range', cur.text(start));
    name = cur.text(cur.pos + 1, close);
    cur.pos = close + 1;
  } else {
    name = cur.peek() ?? '';
    if (name === '') throw new Re2SyntaxError('invalid character class range', cur.text(start));
    cur.pos++;
  }
  let negated = c === 'P';
  if (name.startsWith('^')) {
    negated = !negated;
    name = name.slice(1);
  }
  if (name === 'Any') return { items: [{ lo: 0, hi: 0x10ffff }], negated };
  const property = CATEGORIES.has(name) ? `\\p{${name}}` : `\\p{Script=${name}}`;
  try {
    new RegExp(property, 'u');
  } catch {
    throw new Re2SyntaxError('invalid character class range', cur.text(start, cur.pos));
  }
  return { items: [{ property, negated: false }], negated };
}

/** One escaped character (`\n`, `\x41`, `\x{263a}`, `\101`, `\.`…) at the cursor (a backslash). */
export function parseEscapedChar(cur: Re2Cursor): number {
  const start = cur.pos;
  cur.pos++;
  const c = cur.peek();
  if (c === undefined) throw new Re2SyntaxError('trailing backslash at end of expression', '');
  cur.pos++;
  const bad = () => new Re2SyntaxError('invalid escape sequence', cur.text(start, cur.pos));
  const simple = SIMPLE_ESCAPES[c];
  if (simple !== undefined) return simple;
  if (c >= '0' && c <= '7') {
    // A single non-zero digit would be a backreference, which RE2 does not support.
    if (c !== '0' && !/^[0-7]$/.test(cur.peek() ?? '')) throw bad();
    let value = Number(c);
    for (let k = 0; k < 2 && /^[0-7]$/.test(cur.peek() ?? ''); k++)
      value = value * 8 + Number(cur.chars[cur.pos++]);
    return value;
  }
  if (c === 'x') {
    if (cur.peek() === '{') {
      const close = cur.indexOf('}');
      const hex = close < 0 ? '' : cur.text(cur.pos + 1, close);
      cur.pos = close < 0 ? cur.chars.length : close + 1;
      if (!/^[0-9A-Fa-f]+$/.test(hex) || Number.parseInt(hex, 16) > 0x10ffff) throw bad();
      return Number.parseInt(hex, 16);
    }
    const hex = cur.text(cur.pos, cur.pos + 2);
    cur.pos = Math.min(cur.pos + 2, cur.chars.length);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) throw bad();
    return Number.parseInt(hex, 16);
  }
  const cp = c.codePointAt(0) as number;
  if (cp < 0x80 && !/[0-9A-Za-z]/.test(c)) return cp;
  throw bad();
}

function classChar(cur: Re2Cursor): number {
  if (cur.peek() === '\\') return parseEscapedChar(cur);
  return (cur.chars[cur.pos++] as string).codePointAt(0) as number;
}

/** A bracket expression `[...]` at the cursor. */
export function parseBracketClass(cur: Re2Cursor): ParsedClass {
  const start = cur.pos;
  cur.pos++;
  const items: ClassItem[] = [];
  const negated = cur.peek() === '^';
  if (negated) cur.pos++;
  let first = true;
  while (!cur.done && (cur.peek() !== ']' || first)) {
    first = false;
    if (cur.peek() === '[' && cur.peek(1) === ':') {
      const rest = cur.text();
      const close = rest.indexOf(':]', 2);
      if (close >= 0) {
        const text = rest.slice(0, close + 2);
        const name = text.slice(2, -2);
        const ranges = POSIX[name.replace(/^\^/, '')];
        if (!ranges) throw new Re2SyntaxError('invalid character class range', text);
        items.push(
          ...(name.startsWith('^')
            ? negateRanges(toItems(ranges) as { lo: number; hi: number }[])
            : toItems(ranges)),
        );
        cur.pos += Array.from(text).length;
        continue;
      }
    }
    if (cur.peek() === '\\' && cur.peek(1) !== undefined) {
      const cls = parseClassEscape(cur);
      if (cls) {
        items.push(...(cls.negated ? negateItems(cls.items) : cls.items));
        continue;
      }
    }
    const loStart = cur.pos;
    const lo = classChar(cur);
    if (cur.peek() === '-' && cur.peek(1) !== ']' && cur.peek(1) !== undefined) {
      cur.pos++;
      const hi = classChar(cur);
      if (hi < lo) throw new Re2SyntaxError('invalid character class range', cur.text(loStart, cur.pos));
      items.push({ lo, hi });
    } else items.push({ lo, hi: lo });
  }
  if (cur.done) throw new Re2SyntaxError('missing closing ]', cur.text(start));
  cur.pos++;
  return { items, negated };
}
