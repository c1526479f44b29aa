/**
 * A passage of Markdown as the words a reader sees: the syntax (`#`, `**`, list markers, link
 * addresses, table pipes, fences) removed, blocks separated by a space. Used for search passages,
 * which are cut from the stored Markdown and shown as one line of text.
 */
import type { Nodes } from 'mdast';
import { parseDocument } from './parse-document.ts';

/** Blocks whose words are set apart from their neighbours. */
const BLOCKS = new Set([
  'paragraph',
  'heading',
  'blockquote',
  'listItem',
  'code',
  'table',
  'tableRow',
  'tableCell',
  'footnoteDefinition',
]);

function wordsOf(node: Nodes, out: string[]): void {
  switch (node.type) {
    case 'text':
      // A table row cut from its table (a search passage starts anywhere) parses as a paragraph:
      // a pipe between blanks is its syntax.
      out.push(node.value.replace(/(^|\s)\|(?=\s|$)/g, '$1'));
      return;
    case 'inlineCode':
    case 'code':
    case 'html':
      out.push(node.value);
      return;
    case 'image':
    case 'imageReference':
      out.push(node.alt ?? '');
      return;
    case 'break':
    case 'thematicBreak':
      out.push(' ');
      return;
    case 'definition':
      return;
  }
  if (!('children' in node)) return;
  for (const child of node.children) {
    wordsOf(child, out);
    if (BLOCKS.has(child.type)) out.push(' ');
  }
}

/**
 * The text of `markdown` without its syntax, on one line; a pipe between blanks counts as a table
 * row's syntax even outside a table. Characters that are no Markdown syntax (such as a search
 * headline's match markers) pass through unchanged.
 *
 * @example
 * markdownPlainText('## Plan\n\n- **ship** [it](https://x.example)'); // 'Plan ship it'
 */
export function markdownPlainText(markdown: string): string {
  const out: string[] = [];
  wordsOf(parseDocument(markdown).root, out);
  return out.join('').replace(/\s+/g, ' ').trim();
}
