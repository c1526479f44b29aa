/**
 * pymdownx.arithmatex: inline math (`$…$`, `\(…\)`) becomes a `math_inline` token, block math
 * (`$$ … $$`, `\[ … \]`, `\begin{env} … \end{env}`) a `math_block` token; both hold the TeX.
 */
import type MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';

const INLINE = /^(?:\$(?!\s)((?:\\.|[^\\$])+?)(?<!\s)\$(?!\d)|\\\((.+?)\\\))/;

function inlineMath(state: StateInline, silent: boolean): boolean {
  const ch = state.src[state.pos];
  if (ch !== '$' && ch !== '\\') return false;
  const match = INLINE.exec(state.src.slice(state.pos, state.posMax));
  if (!match) return false;
  if (!silent) state.push('math_inline', 'math', 0).content = match[1] ?? match[2] ?? '';
  state.pos += match[0].length;
  return true;
}

const OPENERS: ReadonlyArray<readonly [RegExp, (open: RegExpExecArray) => RegExp]> = [
  [/^\$\$/, () => /\$\$\s*$/],
  [/^\\\[/, () => /\\\]\s*$/],
  [
    /^\\begin\{([^}]+)\}/,
    (open) => new RegExp(`\\\\end\\{${(open[1] ?? '').replace(/[*]/g, '\\*')}\\}\\s*$`),
  ],
];

function blockMath(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const first = state.src.slice(state.bMarks[startLine]! + state.tShift[startLine]!, state.eMarks[startLine]);
  for (const [opener, closerOf] of OPENERS) {
    const open = opener.exec(first);
    if (!open) continue;
    const closer = closerOf(open);
    let last = startLine;
    const rest = first.slice(open[0].length);
    if (!closer.test(rest)) {
      for (last = startLine + 1; last < endLine; last++) {
        const text = state.src.slice(state.bMarks[last]! + state.tShift[last]!, state.eMarks[last]);
        if (text.trim() === '' && !state.src.slice(state.bMarks[last], state.eMarks[last]).trim())
          return false;
        if (closer.test(text)) break;
      }
      if (last >= endLine) return false;
    }
    if (silent) return true;
    const lines: string[] = [];
    for (let line = startLine; line <= last; line++)
      lines.push(state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]));
    let tex = lines.join('\n').trim();
    if (first.startsWith('$$')) tex = tex.slice(2, -2).trim();
    else if (first.startsWith('\\[')) tex = tex.slice(2, -2).trim();
    const token = state.push('math_block', 'math', 0);
    token.content = tex;
    token.map = [startLine, last + 1];
    state.line = last + 1;
    return true;
  }
  return false;
}

/**
 * Registers arithmatex's inline and block math with a parser.
 *
 * @example
 * md.use(arithmatex);
 */
export function arithmatex(md: MarkdownIt): void {
  md.inline.ruler.before('escape', 'math_inline', inlineMath);
  md.block.ruler.before('fence', 'math_block', blockMath, {
    alt: ['paragraph', 'reference', 'blockquote', 'list'],
  });
}
