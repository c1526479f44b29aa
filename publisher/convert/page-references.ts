/**
 * The references a page makes (link and image URLs, in Markdown and in raw HTML) and its first
 * level-1 heading, collected in one walk over the tokens before any page is rendered.
 */
import type Token from 'markdown-it/lib/token.mjs';
import { inlineText, type ParsedMarkdown } from '../markdown/index.ts';
import { type HtmlNode, parseHtmlFragment } from '../storage/index.ts';

/** What a page points at, in document order. */
export interface PageReferences {
  readonly links: readonly string[];
  readonly images: readonly string[];
  /** Link URLs written in raw HTML (they resolve against the page's URL). */
  readonly htmlLinks: readonly string[];
  /** Image URLs written in raw HTML. */
  readonly htmlImages: readonly string[];
  /** The text of the first level-1 heading, if any. */
  readonly firstHeading?: string;
}

function collectHtml(nodes: readonly HtmlNode[], links: string[], images: string[]): void {
  for (const node of nodes) {
    if (node.kind !== 'element') continue;
    const href = node.tag === 'a' ? node.attributes.get('href') : undefined;
    const src = node.tag === 'img' ? node.attributes.get('src') : undefined;
    if (href) links.push(href);
    if (src) images.push(src);
    collectHtml(node.children, links, images);
  }
}

interface Collected {
  readonly links: string[];
  readonly images: string[];
  readonly htmlLinks: string[];
  readonly htmlImages: string[];
}

function collectInline(children: readonly Token[], found: Collected): void {
  for (const child of children) {
    if (child.type === 'link_open') found.links.push(child.attrGet('href') ?? '');
    else if (child.type === 'image') found.images.push(child.attrGet('src') ?? '');
    else if (child.type === 'html_inline' && /^<(a|img)\s/i.test(child.content))
      collectHtml(parseHtmlFragment(child.content), found.htmlLinks, found.htmlImages);
  }
}

/** Collects the link and image URLs of a page and its first level-1 heading. */
export function collectReferences(parsed: ParsedMarkdown): PageReferences {
  const found: Collected = { links: [], images: [], htmlLinks: [], htmlImages: [] };
  let firstHeading: string | undefined;
  const tokens = parsed.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token) continue;
    if (token.type === 'inline') collectInline(token.children ?? [], found);
    else if (token.type === 'html_block')
      collectHtml(parseHtmlFragment(token.content), found.htmlLinks, found.htmlImages);
    else if (token.type === 'heading_open' && token.tag === 'h1' && firstHeading === undefined) {
      firstHeading = inlineText(tokens[i + 1]?.children ?? []).trim() || undefined;
    }
  }
  return { ...found, ...(firstHeading ? { firstHeading } : {}) };
}
