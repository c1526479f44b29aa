/**
 * def_list definitions after a block other than a paragraph, which markdown-it-deflist leaves as
 * text. Python-Markdown takes raw HTML before a `:   definition` as its term (Material's docs put
 * an `<!-- md:option -->` comment there): such a definition becomes a definition list whose term
 * is that HTML block. After a heading, a table, code or a rule it starts a definition list without
 * a term (Python-Markdown's `<dl><dd>…`; Python-Markdown's own API reference puts one under each
 * method's heading). The body is indented Markdown, as in a list item.
 */
import type MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import type Token from 'markdown-it/lib/token.mjs';
import { sourceLine } from './container-token.ts';

const MARKER = /^( {0,3}):([ \t]{1,3})(?=\S)/;
/** Blocks a definition follows without taking them as its term. */
const TERMLESS_AFTER: ReadonlySet<string> = new Set([
  'heading_close',
  'table_close',
  'fence',
  'code_block',
  'hr',
]);

function detachedDefinition(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const previous = state.tokens[state.tokens.length - 1]?.type ?? '';
  if (previous !== 'html_block' && !TERMLESS_AFTER.has(previous)) return false;
  const first = sourceLine(state, startLine);
  const marker = MARKER.exec(first);
  if (!marker || state.sCount[startLine]! - state.blkIndent >= 4) return false;
  if (silent) return true;
  const term = previous === 'html_block' ? (state.tokens.pop() as Token) : undefined;
  state.push('dl_open', 'dl', 1).map = [startLine, startLine];
  if (term) {
    state.push('dt_open', 'dt', 1);
    state.tokens.push(term);
    state.push('dt_close', 'dt', -1);
  }
  let line = startLine;
  while (line < endLine) {
    const head = MARKER.exec(sourceLine(state, line));
    if (!head) break;
    const body = [sourceLine(state, line).slice(head[0].length)];
    let next = line + 1;
    for (; next < endLine; next++) {
      const text = sourceLine(state, next);
      if (text.trim() === '') body.push('');
      else if (text.startsWith('    ')) body.push(text.slice(4));
      else break;
    }
    while (body.length > 1 && body[body.length - 1] === '') {
      body.pop();
      next--;
    }
    state.push('dd_open', 'dd', 1).map = [line, next];
    const nested: Token[] = [];
    state.md.block.parse(body.join('\n'), state.md, state.env, nested);
    for (const token of nested) {
      if (token.map) token.map = [token.map[0] + line, token.map[1] + line];
      state.tokens.push(token);
    }
    state.push('dd_close', 'dd', -1);
    line = next;
    while (
      line < endLine &&
      sourceLine(state, line).trim() === '' &&
      MARKER.test(sourceLine(state, line + 1))
    )
      line++;
  }
  state.push('dl_close', 'dl', -1);
  state.line = line;
  return true;
}

/**
 * Registers definitions after raw HTML, headings, tables, code and rules with a parser (with
 * def_list enabled).
 *
 * @example
 * md.use(detachedDefinitions);
 */
export function detachedDefinitions(md: MarkdownIt): void {
  md.block.ruler.before('paragraph', 'detached_definition', detachedDefinition);
}
