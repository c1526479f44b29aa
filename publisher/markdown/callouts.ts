/**
 * The `callouts` extension (markdown-callouts): a paragraph opening with an upper-case word and a
 * colon (`NOTE:`, `WARNING:`, `NEW:`) becomes an admonition of that type, titled by the bold text
 * right after it (`NEW: **New in version 1.4.**`, a final period dropped) or else by the word; in a
 * block quote (`> NOTE: …`) the whole quote becomes the admonition. Its `github-callouts` sibling
 * does the same for GitHub's `> [!NOTE]` quotes. Both are rewritten into container tokens after
 * parsing.
 */
import type MarkdownIt from 'markdown-it';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import type Token from 'markdown-it/lib/token.mjs';
import type { ContainerMeta } from './container-token.ts';

// `>? NOTE:` (collapsed) and `>! NOTE:` (open) quotes are collapsible.
const PARAGRAPH_CALLOUT = /^(?:([?!])[ \t]*)?([A-Z]+):(?:[ \t]+|\n|$)(?:\*\*(.+?)\*\*[ \t]*)?/;
const GITHUB_CALLOUT = /^\[!([A-Za-z]+)\][ \t]*/;
// GitHub's red CAUTION is the danger admonition.
const GITHUB_TYPES: Readonly<Record<string, string>> = { caution: 'danger' };

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

function containerToken(state: StateCore, nesting: 1 | -1, meta?: ContainerMeta): Token {
  const token = new state.Token(nesting === 1 ? 'container_open' : 'container_close', 'div', nesting);
  if (meta) token.meta = meta;
  return token;
}

/** Removes the callout marker (`NOTE:`) and its bold title from an inline token. */
function stripLead(inline: Token, marker: RegExp, titled: boolean): void {
  inline.content = inline.content.replace(marker, '');
  const children = inline.children ?? [];
  const first = children[0];
  if (first?.type !== 'text') return;
  first.content = first.content.replace(/^(?:[?!]?[ \t]*[A-Z]+:|\[![A-Za-z]+\])[ \t]*/, '');
  if (first.content === '') children.shift();
  if (titled && children[0]?.type === 'strong_open') {
    const close = children.findIndex((child) => child.type === 'strong_close');
    children.splice(0, close + 1);
  }
  const next = children[0];
  if (next?.type === 'softbreak') children.shift();
  else if (next?.type === 'text') next.content = next.content.trimStart();
}

function closingIndex(tokens: readonly Token[], start: number): number {
  let depth = 0;
  for (let i = start; i < tokens.length; i++) {
    depth += tokens[i]?.nesting ?? 0;
    if (depth === 0) return i;
  }
  return tokens.length - 1;
}

/** Which callout syntaxes a site enables. */
export interface CalloutSyntax {
  readonly paragraphs: boolean;
  readonly github: boolean;
}

function paragraphCallouts(state: StateCore): void {
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const quoted = token?.type === 'blockquote_open';
    const paragraph = quoted ? i + 1 : i;
    const inline = tokens[paragraph + 1];
    if (tokens[paragraph]?.type !== 'paragraph_open' || inline?.type !== 'inline') continue;
    const match = PARAGRAPH_CALLOUT.exec(inline.content);
    if (!match || (match[1] && !quoted)) continue;
    const word = match[2] ?? 'NOTE';
    const title = match[3]?.replace(/\.$/, '') ?? capitalized(word);
    const meta: ContainerMeta = match[1]
      ? { kind: 'details', type: word.toLowerCase(), title, open: match[1] === '!' }
      : { kind: 'admonition', type: word.toLowerCase(), title };
    stripLead(inline, PARAGRAPH_CALLOUT, match[3] !== undefined);
    const rest = inline.children ?? [];
    if (
      rest.every(
        (child) => child.type === 'softbreak' || (child.type === 'text' && child.content.trim() === ''),
      )
    ) {
      // Only the marker and title: no empty paragraph is left behind.
      (tokens[paragraph] as Token).hidden = true;
      (tokens[paragraph + 2] as Token).hidden = true;
    }
    const open = containerToken(state, 1, meta);
    open.map = (token as Token).map;
    if (quoted) {
      (token as Token).type = 'container_open';
      (token as Token).meta = meta;
      const close = tokens[closingIndex(tokens, i)];
      if (close) close.type = 'container_close';
      i = paragraph;
      continue;
    }
    tokens.splice(paragraph + 3, 0, containerToken(state, -1));
    tokens.splice(paragraph, 0, open);
    i = paragraph + 3;
  }
}

function githubCallouts(state: StateCore): void {
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const quote = tokens[i];
    const inline = tokens[i + 2];
    if (quote?.type !== 'blockquote_open' || tokens[i + 1]?.type !== 'paragraph_open' || !inline) continue;
    const match = GITHUB_CALLOUT.exec(inline.content);
    if (!match) continue;
    stripLead(inline, GITHUB_CALLOUT, false);
    const name = (match[1] ?? 'note').toLowerCase();
    quote.type = 'container_open';
    quote.meta = {
      kind: 'admonition',
      type: GITHUB_TYPES[name] ?? name,
      title: capitalized(name),
    } satisfies ContainerMeta;
    const close = tokens[closingIndex(tokens, i)];
    if (close) close.type = 'container_close';
  }
}

/**
 * Registers callouts with a parser.
 *
 * @example
 * md.use(callouts, { paragraphs: true, github: false });
 */
export function callouts(md: MarkdownIt, syntax: CalloutSyntax): void {
  md.core.ruler.after('inline', 'callouts', (state: StateCore) => {
    if (syntax.paragraphs) paragraphCallouts(state);
    if (syntax.github) githubCallouts(state);
  });
}
