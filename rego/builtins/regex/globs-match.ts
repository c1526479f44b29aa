/**
 * `regex.globs_match(a, b)`: whether some non-empty string matches both patterns, in the small
 * pattern language OPA accepts here (literal characters, `.`, `[a-z…]` sets, `+` and `*` after a
 * token, `\` escapes; anything else is literal). Decided exactly, by searching the product of the
 * two patterns' automata; two empty patterns intersect, as in OPA.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import { builtinError, defineFunction, stringArg } from '../operands.ts';

/** One token: the characters it matches (`undefined`: any) and its repetition. */
interface GlobToken {
  readonly chars: ReadonlySet<string> | undefined;
  readonly repeat: 'one' | 'star';
}

class GlobSyntaxError extends Error {
  override readonly name = 'GlobSyntaxError';
}

function invalid(input: string, pos: number, message: string): GlobSyntaxError {
  return new GlobSyntaxError(`input:${input}, pos:${pos}, ${message}: the input provided is invalid`);
}

/** The tokens of a pattern, `x+` written as `x x*`; errors worded as OPA's glob library words them. */
function tokenize(input: string): GlobToken[] {
  const runes = Array.from(input);
  const tokens: GlobToken[] = [];
  let i = 0;
  const next = (): { r: string; escaped: boolean } => {
    const r = runes[i] as string;
    if (r !== '\\') {
      i++;
      return { r, escaped: false };
    }
    if (i === runes.length - 1) throw invalid(input, i, 'input ends with a \\ (escape) character');
    i += 2;
    return { r: runes[i - 1] as string, escaped: true };
  };
  while (i < runes.length) {
    const { r, escaped } = next();
    let chars: Set<string> | undefined;
    if (!escaped && r === '.') chars = undefined;
    else if (!escaped && r === ']') throw invalid(input, i, "set-close ']' with no preceding '['");
    else if (!escaped && (r === '+' || r === '*'))
      throw invalid(input, i, `flag '${r}' must be preceded by a non-flag`);
    else if (!escaped && r === '[') chars = readSet(input, runes, () => i, next);
    else chars = new Set([r]);
    let repeat: '' | '+' | '*' = '';
    if (i < runes.length && (runes[i] === '+' || runes[i] === '*')) repeat = runes[i++] as '+' | '*';
    if (repeat === '+') tokens.push({ chars, repeat: 'one' });
    tokens.push({ chars, repeat: repeat === '' ? 'one' : 'star' });
  }
  return tokens;
}

function readSet(
  input: string,
  runes: readonly string[],
  pos: () => number,
  next: () => { r: string; escaped: boolean },
): Set<string> {
  const chars = new Set<string>();
  let prev: string | undefined;
  while (pos() < runes.length) {
    const { r, escaped } = next();
    if (!escaped && r === ']') return chars;
    if (!escaped && r === '-') {
      if (prev === undefined)
        throw invalid(input, pos(), "range character '-' must be preceded by a Unicode character");
      if (pos() >= runes.length - 1)
        throw invalid(input, pos(), "range character '-' must be followed by a Unicode character");
      const hi = next();
      if (!hi.escaped && (hi.r === ']' || hi.r === '-'))
        throw invalid(input, pos(), "range character '-' cannot be followed by a special symbol");
      const from = prev.codePointAt(0) as number;
      const to = hi.r.codePointAt(0) as number;
      if (to < from)
        throw invalid(input, pos(), `range is out of order: '${hi.r}' comes before '${prev}' in Unicode`);
      for (let c = from; c <= to; c++) chars.add(String.fromCodePoint(c));
      prev = undefined;
    } else {
      chars.add(r);
      prev = r;
    }
  }
  throw invalid(input, pos(), 'found [ without matching ]');
}

function overlap(a: GlobToken, b: GlobToken): boolean {
  if (!a.chars) return !b.chars || b.chars.size > 0;
  if (!b.chars) return a.chars.size > 0;
  for (const c of a.chars) if (b.chars.has(c)) return true;
  return false;
}

/** Whether a non-empty string matches both token lists (breadth-first over position pairs). */
function intersects(a: readonly GlobToken[], b: readonly GlobToken[]): boolean {
  const seen = new Set<string>();
  const queue: [number, number, boolean][] = [[0, 0, false]];
  while (queue.length > 0) {
    const [i, j, consumed] = queue.pop() as [number, number, boolean];
    const key = `${i},${j},${consumed}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (i === a.length && j === b.length && consumed) return true;
    const ta = a[i];
    const tb = b[j];
    if (ta?.repeat === 'star') queue.push([i + 1, j, consumed]);
    if (tb?.repeat === 'star') queue.push([i, j + 1, consumed]);
    if (ta && tb && overlap(ta, tb))
      queue.push([ta.repeat === 'star' ? i : i + 1, tb.repeat === 'star' ? j : j + 1, true]);
  }
  return false;
}

/** `regex.globs_match`. */
export const globsMatchBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('regex.globs_match', 2, (args) => {
    const first = stringArg('regex.globs_match', args, 0);
    const second = stringArg('regex.globs_match', args, 1);
    try {
      if (first === '' && second === '') return true;
      return intersects(tokenize(first), tokenize(second));
    } catch (e) {
      if (e instanceof GlobSyntaxError) throw builtinError('regex.globs_match', e.message, e);
      throw e;
    }
  }),
];
