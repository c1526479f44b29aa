/**
 * Block content → storage format: paragraphs, headings (with an anchor macro when a link targets
 * them), lists and task lists, tables, block quotes and admonition panels, code macros, rules,
 * and the footnotes section at the end of the page.
 */
import type { Heading, List, ListItem, PhrasingContent, Root, RootContent, Table } from 'mdast';
import { headingSlug, plainText } from '../markdown/index.ts';

import { panelOf } from './admonition-panels.ts';
import { anchorMacro, codeMacro, parseCodeInfo, structuredMacro } from './macros.ts';
import { rawHtmlToStorage } from './raw-html.ts';
import { renderInline } from './render-inline.ts';
import type { RenderState } from './render-state.ts';

/** Renders a page's tree, footnotes last. */
export function renderRoot(root: Root, state: RenderState): string {
  return renderBlocks(root.children, state) + renderFootnotes(state);
}

/** Renders block nodes in order. */
export function renderBlocks(nodes: readonly RootContent[], state: RenderState): string {
  return nodes.map((node) => renderBlock(node, state)).join('');
}

function renderBlock(node: RootContent, state: RenderState): string {
  switch (node.type) {
    case 'paragraph': {
      const content = renderInline(node.children, state);
      return content === '' ? '' : `<p>${content}</p>`;
    }
    case 'heading':
      return renderHeading(node, state);
    case 'thematicBreak':
      return '<hr/>';
    case 'blockquote': {
      const panel = panelOf(node, state.context.admonitions);
      if (!panel) return `<blockquote>${renderBlocks(node.children, state)}</blockquote>`;
      const body = renderBlocks(panel.body, state);
      if (panel.collapsible !== 'collapsed')
        return structuredMacro(panel.macro, [['title', panel.title]], body);
      const inner = structuredMacro(panel.macro, [], body);
      return structuredMacro('expand', [['title', panel.title ?? 'Details']], inner);
    }
    case 'list':
      return renderList(node, state);
    case 'code':
      return codeMacro(node.value, parseCodeInfo(node.lang, node.meta));
    case 'html': {
      const { xhtml, droppedTags } = rawHtmlToStorage(node.value);
      for (const tag of droppedTags) state.droppedTags.add(tag);
      return xhtml.trim() === '' ? '' : `<p>${xhtml.trim()}</p>`;
    }
    case 'table':
      return renderTable(node, state);
    default:
      // Definitions resolve links, footnote definitions render at the end; nothing else is block content.
      return '';
  }
}

const CUSTOM_ID = /\s*\{\s*#([A-Za-z0-9_:.-]+)\s*\}\s*$/;

function renderHeading(node: Heading, state: RenderState): string {
  let children: PhrasingContent[] = node.children;
  let customId: string | undefined;
  const last = children[children.length - 1];
  const match = last?.type === 'text' ? CUSTOM_ID.exec(last.value) : null;
  if (last?.type === 'text' && match) {
    customId = match[1];
    children = [...children.slice(0, -1), { ...last, value: last.value.slice(0, match.index) }];
  }
  const slug = state.uniqueSlug(customId ?? headingSlug(children.map((child) => plainText(child)).join('')));
  const anchor = state.context.anchorTargets.has(slug) ? anchorMacro(slug) : '';
  return `<h${node.depth}>${anchor}${renderInline(children, state)}</h${node.depth}>`;
}

function renderItemContent(item: ListItem, tight: boolean, state: RenderState): string {
  return item.children
    .map((child) =>
      tight && child.type === 'paragraph' ? renderInline(child.children, state) : renderBlock(child, state),
    )
    .join('');
}

function renderList(list: List, state: RenderState): string {
  const tight = !list.spread && list.children.every((item) => !item.spread);
  const isTaskList =
    list.children.length > 0 && list.children.every((item) => typeof item.checked === 'boolean');
  if (isTaskList) {
    const tasks = list.children.map((item) => {
      const status = item.checked ? 'complete' : 'incomplete';
      const body = renderItemContent(item, true, state);
      return `<ac:task><ac:task-status>${status}</ac:task-status><ac:task-body>${body}</ac:task-body></ac:task>`;
    });
    return `<ac:task-list>${tasks.join('')}</ac:task-list>`;
  }
  const items = list.children.map((item) => {
    const box = item.checked === true ? '\u2611 ' : item.checked === false ? '\u2610 ' : '';
    return `<li>${box}${renderItemContent(item, tight, state)}</li>`;
  });
  if (!list.ordered) return `<ul>${items.join('')}</ul>`;
  const start =
    list.start !== null && list.start !== undefined && list.start !== 1 ? ` start="${list.start}"` : '';
  return `<ol${start}>${items.join('')}</ol>`;
}

function renderTable(table: Table, state: RenderState): string {
  const rows = table.children.map((row, index) => {
    const tag = index === 0 ? 'th' : 'td';
    const cells = row.children.map((cell) => `<${tag}>${renderInline(cell.children, state)}</${tag}>`);
    return `<tr>${cells.join('')}</tr>`;
  });
  return `<table><tbody>${rows.join('')}</tbody></table>`;
}

function renderFootnotes(state: RenderState): string {
  if (state.footnoteNumbers.size === 0) return '';
  const items: string[] = [];
  // A footnote may reference further footnotes; a Map iterator also visits entries added meanwhile.
  for (const identifier of state.footnoteNumbers.keys()) {
    const definition = state.footnoteDefinitions.get(identifier);
    items.push(`<li>${definition ? renderBlocks(definition.children, state) : ''}</li>`);
  }
  return `<hr/><ol>${items.join('')}</ol>`;
}
