/**
 * Reference links as Python-Markdown reads them: one whitespace character — a space or a line
 * break — may stand between `[text]` and `[label]` (`[text]\n[label]` is one link), where
 * CommonMark reads `[text]` as text followed by a shortcut link. An empty label (`[text] []`)
 * names the text's own definition, as `[text][]` does.
 */
import type MarkdownIt from 'markdown-it';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';

const OPEN_BRACKET = 0x5b;

function spacedReference(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  if (state.src.charCodeAt(start) !== OPEN_BRACKET || state.src.charCodeAt(start + 1) === 0x5e /* ^ */)
    return false;
  const references = state.env?.references as Record<string, { href: string; title: string }> | undefined;
  if (!references) return false;
  const textEnd = state.md.helpers.parseLinkLabel(state, start, false);
  if (textEnd < 0) return false;
  const gap = state.src.charAt(textEnd + 1);
  if (!/^\s$/.test(gap) || state.src.charCodeAt(textEnd + 2) !== OPEN_BRACKET) return false;
  const labelStart = textEnd + 3;
  const labelEnd = state.md.helpers.parseLinkLabel(state, textEnd + 2, false);
  if (labelEnd < 0) return false;
  const written =
    labelEnd > labelStart ? state.src.slice(labelStart, labelEnd) : state.src.slice(start + 1, textEnd);
  const reference = references[state.md.utils.normalizeReference(written)];
  if (!reference) return false;
  if (!silent) {
    const max = state.posMax;
    const open = state.push('link_open', 'a', 1);
    open.attrs = [['href', reference.href]];
    if (reference.title) open.attrs.push(['title', reference.title]);
    state.pos = start + 1;
    state.posMax = textEnd;
    // markdown-it's counter of open links (not in its type declarations): no autolinks inside.
    const nesting = state as StateInline & { linkLevel: number };
    nesting.linkLevel++;
    state.md.inline.tokenize(state);
    nesting.linkLevel--;
    state.push('link_close', 'a', -1);
    state.posMax = max;
  }
  state.pos = labelEnd + 1;
  return true;
}

/**
 * Registers Python-Markdown's spaced reference links with a parser.
 *
 * @example
 * spacedReferences(md);
 */
export function spacedReferences(md: MarkdownIt): void {
  md.inline.ruler.before('link', 'spaced_reference', spacedReference);
}
