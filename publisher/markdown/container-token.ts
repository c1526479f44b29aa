/**
 * Container blocks (admonitions, collapsible details, content tabs, `///` blocks, callouts) become
 * a `container_open` token carrying a {@link ContainerMeta}, the body's tokens, then a
 * `container_close` token. Bodies are Markdown parsed with the same parser, so they nest; a
 * title's inline tokens are the opening token's `children`.
 */
import type MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import type Token from 'markdown-it/lib/token.mjs';

/** What a container is, as the renderer needs it. */
export interface ContainerMeta {
  /** `admonition` (panel), `details` (collapsible), `tab`, `html` (a `/// html` block), `caption`, or `unknown`. */
  readonly kind: 'admonition' | 'details' | 'tab' | 'html' | 'caption' | 'unknown';
  /** The admonition type (`note`, `warning`, …), the html tag, or the unknown block's name. */
  readonly type: string;
  /** The title as written; `undefined` means the default title, `''` none. */
  readonly title: string | undefined;
  /** Collapsible details shown open (`???+`, `open: true`). */
  readonly open?: boolean;
}

/** The container meta of a `container_open` token. */
export function containerMeta(token: Token): ContainerMeta {
  return token.meta as ContainerMeta;
}

/**
 * Pushes a container with its body parsed as Markdown.
 *
 * @param bodyLine the line of the current source on which `body` starts
 */
export function pushContainer(
  state: StateBlock,
  meta: ContainerMeta,
  lines: readonly [start: number, end: number],
  body: string,
  bodyLine: number,
): void {
  const open = state.push('container_open', 'div', 1);
  open.meta = meta;
  open.map = [lines[0], lines[1]];
  const nested: Token[] = [];
  state.md.block.parse(body, state.md, state.env, nested);
  for (const token of nested) {
    if (token.map) token.map = [token.map[0] + bodyLine, token.map[1] + bodyLine];
    state.tokens.push(token);
  }
  state.push('container_close', 'div', -1);
}

/**
 * Parses container titles as inline Markdown (emoji, code, emphasis, reference links), as
 * Python-Markdown renders them — after the block phase, once every link definition is known.
 */
export function containerTitles(md: MarkdownIt): void {
  md.core.ruler.after('block', 'container_titles', (state: StateCore) => {
    for (const token of state.tokens) {
      const title = token.type === 'container_open' ? (token.meta as ContainerMeta).title : undefined;
      if (!title) continue;
      const children: Token[] = [];
      state.md.inline.parse(title, state.md, state.env, children);
      token.children = children;
    }
  });
}

/** Expands leading tabs to 4-column stops, as Python-Markdown reads indentation. */
export function expandLeadingTabs(line: string): string {
  const lead = /^[ \t]*/.exec(line)?.[0] ?? '';
  if (!lead.includes('\t')) return line;
  let width = 0;
  for (const ch of lead) width = ch === '\t' ? width + 4 - (width % 4) : width + 1;
  return ' '.repeat(width) + line.slice(lead.length);
}

/** The raw text of one source line (indentation kept, tabs expanded). */
export function sourceLine(state: StateBlock, line: number): string {
  return expandLeadingTabs(state.src.slice(state.bMarks[line], state.eMarks[line]));
}
