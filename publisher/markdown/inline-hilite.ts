/**
 * pymdownx.inlinehilite: inline code written `` `#!python x = 1` `` (or `:::python`) names its
 * language in front of the code. MkDocs highlights it; the storage format has no language for
 * inline code, so the marker is removed and the code kept.
 */
import type MarkdownIt from 'markdown-it';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';

const LANGUAGE_MARKER = /^(?:#!|:::)[\w#.+-]*\s+/;

function inlineHiliteRule(state: StateCore): void {
  for (const token of state.tokens) {
    if (token.type !== 'inline' || !token.children) continue;
    for (const child of token.children) {
      if (child.type === 'code_inline') child.content = child.content.replace(LANGUAGE_MARKER, '');
    }
  }
}

/**
 * Registers inlinehilite's language markers with a parser.
 *
 * @example
 * inlineHilite(md);
 */
export function inlineHilite(md: MarkdownIt): void {
  md.core.ruler.after('inline', 'inline_hilite', inlineHiliteRule);
}
