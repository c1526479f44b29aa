/**
 * Python-Markdown's codehilite: an indented code block may name its language on its first line —
 * `:::python` (the line is removed) or `#!python` (removed, line numbers on); a shebang with a path
 * (`#!/usr/bin/python`) names the language and stays. The language goes to the code macro.
 */
import type MarkdownIt from 'markdown-it';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';

const HEADER = /^(?:::+|(#!))((?:\/\w+)*[/ ])?([\w#.+-]*)\s*(?:hl_lines=(["'])(.*?)\4)?\s*$/;

function codeHiliteRule(state: StateCore): void {
  for (const token of state.tokens) {
    if (token.type !== 'code_block') continue;
    const newline = token.content.indexOf('\n');
    const first = newline === -1 ? token.content : token.content.slice(0, newline);
    const header = HEADER.exec(first);
    if (!header) continue;
    const [, shebang, path, language] = header;
    token.info = language ?? '';
    if (shebang && !path) token.meta = { ...token.meta, lineNumbers: true };
    if (!path) token.content = newline === -1 ? '' : token.content.slice(newline + 1);
  }
}

/**
 * Registers codehilite's language lines with a parser, after `listCodeIndent` (which must be
 * registered first), so that a language line inside a list item is found without its indentation.
 *
 * @example
 * codeHilite(md);
 */
export function codeHilite(md: MarkdownIt): void {
  md.core.ruler.after('list_code_indent', 'code_hilite', codeHiliteRule);
}
