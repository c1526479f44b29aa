/**
 * Indented code inside list items and definitions, as Python-Markdown reads it: an item's or a
 * definition's content starts 4 columns after its marker's column (its tab length), where
 * CommonMark starts an item right after the marker and its spaces (`-␣` → 2) and the definition-list
 * plugin 2 columns after `:`. Code whose container starts its content before column 4 would keep
 * the difference as leading spaces; they are removed, so the body is MkDocs's. A container block
 * (admonition, tab, …) inside reads its own body, so it starts afresh.
 */
import type MarkdownIt from 'markdown-it';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';

const TAB_LENGTH = 4;
/** Where markdown-it-deflist starts a definition's content, in columns after the `:`'s column. */
const DEFINITION_INDENT = 2;
const ITEM_START = /^([ \t]*)(?:[*+-]|\d{1,9}[.)])([ \t]*)/;

/** Columns CommonMark's content of the item on `line` starts before Python-Markdown's. */
function surplus(source: readonly string[], line: number): number {
  const match = ITEM_START.exec(source[line] ?? '');
  if (!match) return 0;
  const markerAndSpaces = match[0].length - (match[1] ?? '').length;
  return Math.max(0, TAB_LENGTH - markerAndSpaces);
}

function listCodeIndentRule(state: StateCore): void {
  let lines: string[] | undefined;
  const stack: number[] = [];
  for (const token of state.tokens) {
    if (token.type === 'list_item_open' && token.map) {
      lines ??= state.src.split('\n');
      stack.push(surplus(lines, token.map[0]));
    } else if (token.type === 'dd_open') stack.push(TAB_LENGTH - DEFINITION_INDENT);
    else if (token.type === 'container_open') stack.push(0);
    else if (
      token.type === 'list_item_close' ||
      token.type === 'dd_close' ||
      token.type === 'container_close'
    )
      stack.pop();
    else if (token.type === 'code_block' && (stack[stack.length - 1] ?? 0) > 0) {
      const extra = stack[stack.length - 1] ?? 0;
      token.content = token.content
        .split('\n')
        .map((line) => line.slice(Math.min(extra, /^ */.exec(line)?.[0].length ?? 0)))
        .join('\n');
    }
  }
}

/**
 * Registers Python-Markdown's list and definition indentation for indented code with a parser.
 *
 * @example
 * listCodeIndent(md);
 */
export function listCodeIndent(md: MarkdownIt): void {
  md.core.ruler.after('block', 'list_code_indent', listCodeIndentRule);
}
