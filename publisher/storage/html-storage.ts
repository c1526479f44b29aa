/**
 * Raw HTML → storage format. Block fragments are read into a tree and rendered element by
 * element (images, figures and their captions, `<details>` as an expand macro, tables — nested
 * ones included — lists, headings, preformatted code); inline HTML, which markdown-it hands over
 * one tag at a time, is mapped tag by tag with a stack so the output stays balanced. What has no
 * storage form is reported with the page line.
 */

import { INLINE_ELEMENTS, OPAQUE_ELEMENTS, WRAPPER_ELEMENTS } from './html-elements.ts';
import { type HtmlElement, type HtmlNode, parseHtmlFragment } from './html-tree.ts';
import { codeMacro, structuredMacro } from './macros.ts';
import { renderImage } from './render-image.ts';
import type { RenderState } from './render-state.ts';
import { escapeAttribute, escapeText } from './xml-escape.ts';

const BLOCK_ELEMENTS = new Set([
  'p',
  'div',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'main',
  'nav',
  'figure',
  'figcaption',
  'details',
  'table',
  'ul',
  'ol',
  'dl',
  'blockquote',
  'pre',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'center',
]);
const TABLE_PARTS = new Set(['thead', 'tbody', 'tfoot']);

function dropped(element: HtmlElement, state: RenderState): void {
  state.context.warn(`raw HTML <${element.tag}> has no storage form and is left out`, state.line);
}

function textOf(nodes: readonly HtmlNode[]): string {
  return nodes.map((node) => (node.kind === 'text' ? node.text : textOf(node.children))).join('');
}

function isBlock(node: HtmlNode): boolean {
  return (
    node.kind === 'element' &&
    (BLOCK_ELEMENTS.has(node.tag) || (WRAPPER_ELEMENTS.has(node.tag) && node.children.some(isBlock)))
  );
}

function link(element: HtmlElement, state: RenderState): string {
  const href = element.attributes.get('href');
  const body = inlineNodes(element.children, state);
  if (!href) return body;
  const target = state.context.resolveLink(href, 'html');
  if (target.kind === 'external') return `<a href="${escapeAttribute(target.href)}">${body}</a>`;
  if (target.kind === 'page') {
    const anchor = target.anchor ? ` ac:anchor="${escapeAttribute(target.anchor)}"` : '';
    return `<ac:link${anchor}><ri:page ri:content-title="${escapeAttribute(target.title)}"/><ac:link-body>${body}</ac:link-body></ac:link>`;
  }
  if (target.kind === 'anchor')
    return `<ac:link ac:anchor="${escapeAttribute(target.anchor)}"><ac:link-body>${body}</ac:link-body></ac:link>`;
  if (target.kind === 'attachment')
    return `<ac:link><ri:attachment ri:filename="${escapeAttribute(target.name)}"/><ac:link-body>${body}</ac:link-body></ac:link>`;
  state.context.warn(`link "${href}" is kept as text: ${target.reason}`, state.line);
  return body;
}

function inlineNode(node: HtmlNode, state: RenderState): string {
  if (node.kind === 'text') return escapeText(node.text);
  const { tag, attributes } = node;
  const mapped = INLINE_ELEMENTS.get(tag);
  if (mapped) return mapped.open + inlineNodes(node.children, state) + mapped.close;
  if (tag === 'br') return '<br/>';
  if (tag === 'img')
    return renderImage(
      {
        url: attributes.get('src') ?? '',
        alt: attributes.get('alt'),
        title: attributes.get('title'),
        width: attributes.get('width'),
        height: attributes.get('height'),
        align: attributes.get('align'),
        html: true,
      },
      state,
    );
  if (tag === 'a') return link(node, state);
  if (tag === 'abbr') {
    const title = attributes.get('title');
    return inlineNodes(node.children, state) + (title ? escapeText(` (${title})`) : '');
  }
  if (WRAPPER_ELEMENTS.has(tag) || BLOCK_ELEMENTS.has(tag)) return inlineNodes(node.children, state);
  dropped(node, state);
  return OPAQUE_ELEMENTS.has(tag) ? '' : inlineNodes(node.children, state);
}

function inlineNodes(nodes: readonly HtmlNode[], state: RenderState): string {
  return nodes.map((node) => inlineNode(node, state)).join('');
}

function cellAttributes(element: HtmlElement): string {
  return ['colspan', 'rowspan']
    .flatMap((name) => {
      const value = element.attributes.get(name);
      return value && /^\d+$/.test(value) ? [` ${name}="${value}"`] : [];
    })
    .join('');
}

function tableRows(nodes: readonly HtmlNode[], state: RenderState): string {
  return nodes
    .map((node) => {
      if (node.kind !== 'element') return '';
      if (TABLE_PARTS.has(node.tag)) return tableRows(node.children, state);
      if (node.tag !== 'tr') return '';
      const cells = node.children.flatMap((cell) =>
        cell.kind === 'element' && (cell.tag === 'td' || cell.tag === 'th')
          ? [`<${cell.tag}${cellAttributes(cell)}>${blockNodes(cell.children, state)}</${cell.tag}>`]
          : [],
      );
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('');
}

function markdownInside(element: HtmlElement, state: RenderState): string | undefined {
  // Only text survives the tree; with elements inside, the HTML is rendered as HTML.
  if (!element.attributes.has('markdown') || !state.renderMarkdown) return undefined;
  if (element.children.some((child) => child.kind === 'element')) return undefined;
  return state.renderMarkdown(textOf(element.children));
}

function blockElement(element: HtmlElement, state: RenderState): string {
  const { tag, children } = element;
  const inner = markdownInside(element, state);
  switch (tag) {
    case 'p':
      return `<p>${inlineNodes(children, state)}</p>`;
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
      return `<${tag}>${inlineNodes(children, state)}</${tag}>`;
    case 'hr':
      return '<hr/>';
    case 'figcaption':
      return `<p><em>${inlineNodes(children, state)}</em></p>`;
    case 'details': {
      const summary = children.find(
        (child): child is HtmlElement => child.kind === 'element' && child.tag === 'summary',
      );
      const body =
        inner ??
        blockNodes(
          children.filter((child) => child !== summary),
          state,
        );
      return structuredMacro(
        'expand',
        [['title', summary ? textOf(summary.children).trim() : 'Details']],
        body,
      );
    }
    case 'table':
      return `<table><tbody>${tableRows(children, state)}</tbody></table>`;
    case 'ul':
    case 'ol': {
      const items = children.flatMap((child) =>
        child.kind === 'element' && child.tag === 'li'
          ? [`<li>${blockNodes(child.children, state)}</li>`]
          : [],
      );
      return `<${tag}>${items.join('')}</${tag}>`;
    }
    case 'dl':
      return `<dl>${children
        .flatMap((child) =>
          child.kind === 'element' && (child.tag === 'dt' || child.tag === 'dd')
            ? [`<${child.tag}>${blockNodes(child.children, state)}</${child.tag}>`]
            : [],
        )
        .join('')}</dl>`;
    case 'blockquote':
      return `<blockquote>${inner ?? blockNodes(children, state)}</blockquote>`;
    case 'pre':
      return codeMacro(textOf(children).replace(/\n$/, ''), {});
    default:
      if (WRAPPER_ELEMENTS.has(tag)) return inner ?? blockNodes(children, state);
      dropped(element, state);
      return OPAQUE_ELEMENTS.has(tag) ? '' : blockNodes(children, state);
  }
}

function blockNodes(nodes: readonly HtmlNode[], state: RenderState): string {
  let out = '';
  let run: HtmlNode[] = [];
  const flush = () => {
    const text = inlineNodes(run, state);
    if (text.trim() !== '') out += `<p>${text.trim()}</p>`;
    run = [];
  };
  for (const node of nodes) {
    if (node.kind === 'element' && isBlock(node)) {
      flush();
      out += blockElement(node, state);
    } else run.push(node);
  }
  flush();
  return out;
}

/**
 * Renders a raw HTML block.
 *
 * @example
 * renderHtmlBlock('<figure><img src="a.png"><figcaption>A</figcaption></figure>', state);
 */
export function renderHtmlBlock(html: string, state: RenderState): string {
  return blockNodes(parseHtmlFragment(html), state);
}
