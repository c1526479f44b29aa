/**
 * Phrasing content (text, emphasis, code, links, images, breaks, footnote references) → storage
 * format. Links to other pages become `ac:link` with `ri:page` by title (and `ac:anchor`), files
 * become attachment links, images become `ac:image` with an attachment or URL.
 */
import type { PhrasingContent } from 'mdast';
import { plainText } from '../markdown/index.ts';
import { rawHtmlToStorage } from './raw-html.ts';
import type { RenderState } from './render-state.ts';
import { cdata, escapeAttribute, escapeText } from './xml-escape.ts';

/** Renders phrasing nodes in order. */
export function renderInline(nodes: readonly PhrasingContent[], state: RenderState): string {
  return nodes.map((node) => renderPhrasing(node, state)).join('');
}

function renderPhrasing(node: PhrasingContent, state: RenderState): string {
  switch (node.type) {
    case 'text':
      return escapeText(node.value);
    case 'emphasis':
      return `<em>${renderInline(node.children, state)}</em>`;
    case 'strong':
      return `<strong>${renderInline(node.children, state)}</strong>`;
    case 'delete':
      return `<span style="text-decoration: line-through;">${renderInline(node.children, state)}</span>`;
    case 'inlineCode':
      return `<code>${escapeText(node.value)}</code>`;
    case 'break':
      return '<br/>';
    case 'html': {
      const { xhtml, droppedTags } = rawHtmlToStorage(node.value);
      for (const tag of droppedTags) state.droppedTags.add(tag);
      return xhtml;
    }
    case 'link':
      return renderLink(node.url, node.title, node.children, state);
    case 'linkReference': {
      const definition = state.definitions.get(node.identifier);
      if (!definition) return renderInline(node.children, state);
      return renderLink(definition.url, definition.title, node.children, state);
    }
    case 'image':
      return renderImage(node.url, node.alt, node.title, state);
    case 'imageReference': {
      const definition = state.definitions.get(node.identifier);
      if (!definition) return escapeText(node.alt ?? '');
      return renderImage(definition.url, node.alt, definition.title, state);
    }
    case 'footnoteReference': {
      if (!state.footnoteDefinitions.has(node.identifier))
        return escapeText(`[^${node.label ?? node.identifier}]`);
      let number = state.footnoteNumbers.get(node.identifier);
      if (number === undefined) {
        number = state.footnoteNumbers.size + 1;
        state.footnoteNumbers.set(node.identifier, number);
      }
      return `<sup>${number}</sup>`;
    }
  }
}

function report(state: RenderState, target: { readonly missingFile?: boolean }, message: string): void {
  if (target.missingFile) state.context.fail(message);
  else state.context.warn(message);
}

function linkBody(children: readonly PhrasingContent[], state: RenderState): string {
  if (children.length === 0) return '';
  if (children.every((child) => child.type === 'text')) {
    return `<ac:plain-text-link-body>${cdata(children.map((child) => plainText(child)).join(''))}</ac:plain-text-link-body>`;
  }
  return `<ac:link-body>${renderInline(children, state)}</ac:link-body>`;
}

function renderLink(
  url: string,
  title: string | null | undefined,
  children: readonly PhrasingContent[],
  state: RenderState,
): string {
  const target = state.context.resolveLink(url);
  switch (target.kind) {
    case 'external': {
      const titleAttribute = title ? ` title="${escapeAttribute(title)}"` : '';
      const body = children.length > 0 ? renderInline(children, state) : escapeText(target.href);
      return `<a href="${escapeAttribute(target.href)}"${titleAttribute}>${body}</a>`;
    }
    case 'page': {
      const anchor = target.anchor ? ` ac:anchor="${escapeAttribute(target.anchor)}"` : '';
      const page = `<ri:page ri:content-title="${escapeAttribute(target.title)}"/>`;
      return `<ac:link${anchor}>${page}${linkBody(children, state)}</ac:link>`;
    }
    case 'anchor':
      return `<ac:link ac:anchor="${escapeAttribute(target.anchor)}">${linkBody(children, state)}</ac:link>`;
    case 'attachment':
      return `<ac:link><ri:attachment ri:filename="${escapeAttribute(target.name)}"/>${linkBody(children, state)}</ac:link>`;
    case 'unresolved':
      report(state, target, `link "${url}" is kept as text: ${target.reason}`);
      return renderInline(children, state);
  }
}

function renderImage(
  url: string,
  alt: string | null | undefined,
  title: string | null | undefined,
  state: RenderState,
) {
  const target = state.context.resolveImage(url);
  const attributes = `${alt ? ` ac:alt="${escapeAttribute(alt)}"` : ''}${title ? ` ac:title="${escapeAttribute(title)}"` : ''}`;
  switch (target.kind) {
    case 'attachment':
      return `<ac:image${attributes}><ri:attachment ri:filename="${escapeAttribute(target.name)}"/></ac:image>`;
    case 'external':
      return `<ac:image${attributes}><ri:url ri:value="${escapeAttribute(target.url)}"/></ac:image>`;
    case 'unresolved':
      report(state, target, `image "${url}" is left out: ${target.reason}`);
      return alt ? escapeText(`[${alt}]`) : '';
  }
}
