/**
 * Inline raw HTML, which markdown-it hands over one tag at a time (`<kbd>`, text, `</kbd>`): each
 * tag is mapped to its storage form with a stack of the tags still open, so the output stays
 * balanced; images and breaks are rendered, links to other sites kept, the rest reported.
 */
import { INLINE_ELEMENTS, WRAPPER_ELEMENTS } from './html-elements.ts';
import { readAttributes } from './html-tree.ts';
import { renderImage } from './render-image.ts';
import type { RenderState } from './render-state.ts';
import { escapeAttribute, escapeText } from './xml-escape.ts';

const INLINE_TAG = /^<(\/?)([A-Za-z][\w:-]*)([^>]*?)(\/?)>$/;

/** Inline raw HTML tags still open within one paragraph, innermost last. */
export type OpenInlineTags = Array<{ readonly tag: string; readonly close: string }>;

/**
 * Renders one inline raw HTML token (`<kbd>`, `</kbd>`, `<img …>`, `<br>`, a comment) and keeps
 * the open tags balanced.
 */
export function renderHtmlInline(html: string, open: OpenInlineTags, state: RenderState): string {
  const match = INLINE_TAG.exec(html.trim());
  if (!match) return html.startsWith('<!--') ? '' : escapeText(html);
  const tag = (match[2] ?? '').toLowerCase();
  const closing = match[1] === '/';
  if (tag === 'br') return closing ? '' : '<br/>';
  if (tag === 'img') {
    const attributes = readAttributes(match[3] ?? '');
    if (closing) return '';
    const image = {
      url: attributes.get('src') ?? '',
      alt: attributes.get('alt'),
      title: attributes.get('title'),
      width: attributes.get('width'),
      height: attributes.get('height'),
      align: attributes.get('align'),
      html: true,
    };
    return renderImage(image, state);
  }
  if (closing) {
    const index = open.findLastIndex((entry) => entry.tag === tag);
    if (index === -1) return '';
    return open
      .splice(index)
      .reverse()
      .map((entry) => entry.close)
      .join('');
  }
  if (tag === 'abbr') {
    const title = readAttributes(match[3] ?? '').get('title');
    open.push({ tag, close: title ? escapeText(` (${title})`) : '' });
    return '';
  }
  const mapped = INLINE_ELEMENTS.get(tag);
  if (mapped) {
    open.push({ tag, close: mapped.close });
    return mapped.open;
  }
  if (tag === 'a') {
    const href = readAttributes(match[3] ?? '').get('href');
    const target = href ? state.context.resolveLink(href, 'html') : undefined;
    if (target?.kind === 'external') {
      open.push({ tag, close: '</a>' });
      return `<a href="${escapeAttribute(target.href)}">`;
    }
    if (href) state.context.warn(`raw HTML link "${href}" is kept as text`, state.line);
    return '';
  }
  if (!WRAPPER_ELEMENTS.has(tag) && match[4] !== '/')
    state.context.warn(
      `raw HTML <${tag}> has no storage form and is left out (its text is kept)`,
      state.line,
    );
  return '';
}
