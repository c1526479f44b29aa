/**
 * Python-Markdown's tables split a row at `|` but not at a `|` inside a code span
 * (`` `a|b` ``), where GFM (markdown-it) splits there too and drops the surplus cells. Before the
 * table rule reads a table, the pipes inside its code spans are swapped for a placeholder of the
 * same length (so every line offset stays valid); after inline parsing they are put back.
 */
import type MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import type Token from 'markdown-it/lib/token.mjs';

const PLACEHOLDER = '\uE000';
const DELIMITER_ROW = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const CODE_SPAN = /(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g;

function lineOf(state: StateBlock, line: number): string {
  return state.src.slice((state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0), state.eMarks[line]);
}

/** Block rule (never matches): masks code-span pipes of the table starting at `startLine`. */
function maskTablePipes(state: StateBlock, startLine: number, endLine: number): boolean {
  if (startLine + 1 >= endLine || !lineOf(state, startLine).includes('|')) return false;
  if (!DELIMITER_ROW.test(lineOf(state, startLine + 1))) return false;
  let last = startLine;
  while (last + 1 < endLine && !state.isEmpty(last + 1)) last += 1;
  const from = state.bMarks[startLine] ?? 0;
  const to = state.eMarks[last] ?? from;
  const rows = state.src.slice(from, to);
  if (!rows.includes('`')) return false;
  const masked = rows
    .split('\n')
    .map((row) => row.replace(CODE_SPAN, (span) => span.replaceAll('|', PLACEHOLDER)))
    .join('\n');
  if (masked !== rows) state.src = state.src.slice(0, from) + masked + state.src.slice(to);
  return false;
}

function restore(tokens: readonly Token[]): void {
  for (const token of tokens) {
    if (token.content.includes(PLACEHOLDER)) token.content = token.content.replaceAll(PLACEHOLDER, '|');
    if (token.children) restore(token.children);
  }
}

/**
 * Registers the table rows' code-span pipes with a parser (only with the `tables` extension).
 *
 * @example
 * tableCodePipes(md);
 */
export function tableCodePipes(md: MarkdownIt): void {
  md.block.ruler.before('table', 'table_code_pipes', maskTablePipes);
  md.core.ruler.after('inline', 'table_code_pipes', (state: StateCore) => restore(state.tokens));
}
