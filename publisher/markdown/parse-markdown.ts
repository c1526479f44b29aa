/**
 * Markdown → mdast: front matter split off, MkDocs admonitions rewritten, then micromark with GFM
 * (tables, task lists, strikethrough, autolinks, footnotes) through `mdast-util-from-markdown`.
 */
import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { type AdmonitionSpec, rewriteAdmonitions } from './admonition-syntax.ts';
import { splitFrontMatter } from './front-matter.ts';

// Built once: constructing the GFM extensions costs more than parsing a typical page.
const MICROMARK_EXTENSIONS = [gfm()];
const MDAST_EXTENSIONS = [gfmFromMarkdown()];

/** A parsed page: its syntax tree, its MkDocs admonitions and its front matter. */
export interface ParsedMarkdown {
  readonly root: Root;
  readonly admonitions: readonly AdmonitionSpec[];
  readonly meta: Readonly<Record<string, unknown>>;
  /** Problems found while parsing (e.g. invalid front matter); the page still converts. */
  readonly warnings: readonly string[];
}

/**
 * Parses a page's Markdown.
 *
 * @example
 * parseMarkdown('# Title\n\nText').root.children[0]?.type; // 'heading'
 */
export function parseMarkdown(text: string): ParsedMarkdown {
  const { meta, body, problem } = splitFrontMatter(text);
  const { markdown, admonitions } = rewriteAdmonitions(body);
  const root = fromMarkdown(markdown, {
    extensions: MICROMARK_EXTENSIONS,
    mdastExtensions: MDAST_EXTENSIONS,
  });
  return { root, admonitions, meta, warnings: problem ? [problem] : [] };
}
