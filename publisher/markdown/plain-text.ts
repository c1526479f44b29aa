/**
 * The plain text of an mdast subtree (what a reader sees, without markup), for titles and slugs.
 */
import type { Nodes } from 'mdast';

/** Concatenates the text of a node and its descendants; images contribute their alt text. */
export function plainText(node: Nodes): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
      return node.value;
    case 'image':
      return node.alt ?? '';
    case 'break':
      return ' ';
    case 'html':
      return '';
    default:
      return 'children' in node ? node.children.map((child) => plainText(child as Nodes)).join('') : '';
  }
}
