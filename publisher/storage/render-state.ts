/**
 * Per-page state of one rendering: the tokens and where each block closes, heading slugs, the
 * page line being rendered (for warnings), and the extensions that change rendering.
 */
import type Token from 'markdown-it/lib/token.mjs';
import { createSlugger, type ParsedMarkdown } from '../markdown/index.ts';
import type { RenderContext } from './render-context.ts';

/** Mutable state of rendering one page. */
export interface RenderState {
  readonly context: RenderContext;
  readonly tokens: readonly Token[];
  /** For each opening token, the index of its closing token. */
  readonly closers: readonly number[];
  /** Makes a heading slug unique within the page. */
  readonly uniqueSlug: (slug: string) => string;
  /** Records an explicit heading id (kept as written) so generated slugs avoid it. */
  readonly reserveSlug: (id: string) => string;
  /** The page line (1-based) of a token's `map[0]`. */
  readonly lineOf: (tokenLine: number) => number;
  /** The headings rendered so far, with the ids MkDocs gives them. */
  readonly headings: Array<{ readonly level: number; readonly id: string; readonly text: string }>;
  /** The page line of the block being rendered. */
  line: number;
  /** def_list is enabled (a `:   ` paragraph is then a definition that lost its term). */
  readonly definitionLists: boolean;
  /** pymdownx.tasklist is enabled: `[ ]`/`[x]` items are tasks. */
  readonly tasklist: boolean;
  /** Renders Markdown found inside raw HTML (md_in_html), or `undefined` when not enabled. */
  readonly renderMarkdown?: (markdown: string) => string;
}

function matchClosers(tokens: readonly Token[]): number[] {
  const closers = new Array<number>(tokens.length).fill(-1);
  const open: number[] = [];
  tokens.forEach((token, index) => {
    if (token.nesting === 1) open.push(index);
    else if (token.nesting === -1) {
      const start = open.pop();
      if (start !== undefined) closers[start] = index;
    }
  });
  return closers;
}

function headingSlugs(): Pick<RenderState, 'uniqueSlug' | 'reserveSlug'> {
  const used = new Set<string>();
  const unique = createSlugger(used);
  return {
    uniqueSlug: unique,
    reserveSlug: (id) => {
      used.add(id);
      return id;
    },
  };
}

/** Prepares the rendering of one parsed page. */
export function createRenderState(
  parsed: ParsedMarkdown,
  context: RenderContext,
  renderMarkdown?: (markdown: string) => string,
): RenderState {
  return {
    context,
    tokens: parsed.tokens,
    closers: matchClosers(parsed.tokens),
    ...headingSlugs(),
    lineOf: parsed.lineOf,
    headings: [],
    line: 1,
    definitionLists: parsed.extensions.has('def_list'),
    tasklist: parsed.extensions.has('pymdownx.tasklist'),
    ...(renderMarkdown ? { renderMarkdown } : {}),
  };
}
