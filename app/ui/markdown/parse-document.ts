/**
 * A document's text as a syntax tree: CommonMark with GitHub's extensions (tables, task lists,
 * strikethrough, autolinked URLs, footnotes), and the link definitions it declares.
 */
import type { Definition, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

// Built once: constructing the GFM extensions costs more than parsing a typical document.
const MICROMARK_EXTENSIONS = [gfm()];
const MDAST_EXTENSIONS = [gfmFromMarkdown()];

/** A parsed document. */
export interface ParsedDocument {
  readonly root: Root;
  /** `[label]: url` definitions by their normalized identifier, for reference links. */
  readonly definitions: ReadonlyMap<string, Definition>;
}

/**
 * Parses a document's Markdown.
 *
 * @example
 * parseDocument('# Plan').root.children[0]?.type; // 'heading'
 */
export function parseDocument(text: string): ParsedDocument {
  const root = fromMarkdown(text, { extensions: MICROMARK_EXTENSIONS, mdastExtensions: MDAST_EXTENSIONS });
  const definitions = new Map<string, Definition>();
  for (const node of root.children) {
    if (node.type === 'definition' && !definitions.has(node.identifier))
      definitions.set(node.identifier, node);
  }
  return { root, definitions };
}
