/**
 * The canonical form of a page body used to decide whether a page changed. Confluence rewrites
 * what it stores (macro ids, schema versions, local ids, `<br />` spacing, table colgroups, entity
 * style, wrapping paragraphs in cells), so bodies are compared after removing exactly those
 * differences: whitespace between and around tags collapsed, attributes sorted, server-added
 * attributes and elements dropped, macro parameters sorted, CDATA and escaped text treated alike.
 * Code (plain-text bodies) is compared exactly, except trailing whitespace.
 */
import { parseStorageTree, type StorageElement, type StorageNode } from './storage-tree.ts';
import { escapeAttribute, escapeText } from './xml-escape.ts';

const SERVER_ATTRIBUTES = new Set([
  'ac:macro-id',
  'ac:schema-version',
  'ac:local-id',
  'local-id',
  'data-local-id',
  'data-layout',
  'data-table-width',
  'data-highlight-colour',
  'ri:version-at-save',
  // Added by Confluence Cloud's editor or when it resolves links; the publisher never emits them.
  'ri:space-key',
  'ac:original-height',
  'ac:original-width',
  'ac:breakout-mode',
  'ac:breakout-width',
  'data-card-appearance',
]);
const SERVER_ELEMENTS = new Set(['ac:task-id', 'ac:task-uuid', 'colgroup']);
const PLAIN_TEXT = new Set(['ac:plain-text-body', 'ac:plain-text-link-body']);
const UNWRAP_SINGLE_PARAGRAPH = new Set(['td', 'th', 'li', 'ac:task-body']);

function isElement(node: StorageNode): node is StorageElement {
  return 'name' in node;
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function parameterName(node: StorageNode): string | undefined {
  if (!isElement(node) || node.name !== 'ac:parameter') return undefined;
  return node.attributes.find(([name]) => name === 'ac:name')?.[1] ?? '';
}

function canonicalAttributes(element: StorageElement): string {
  return element.attributes
    .filter(([name]) => !SERVER_ATTRIBUTES.has(name))
    .map(([name, value]) => [name, value.replace(/[ \t\n\r\f]+/g, ' ').trim()] as const)
    .sort(([a], [b]) => compareNames(a, b))
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
}

function canonicalChildren(element: StorageElement): string[] {
  let children = element.children;
  if (element.name === 'ac:structured-macro') {
    const parameters = children
      .filter((child) => parameterName(child) !== undefined)
      .sort((a, b) => compareNames(parameterName(a) ?? '', parameterName(b) ?? ''));
    children = [...parameters, ...children.filter((child) => parameterName(child) === undefined)];
  }
  const parts: string[] = [];
  for (const child of children) {
    if (isElement(child)) {
      const part = canonicalElement(child);
      if (part !== '') parts.push(part);
    } else {
      const text = child.text.replace(/[ \t\n\r\f]+/g, ' ').trim();
      if (text !== '') parts.push(escapeText(text));
    }
  }
  if (UNWRAP_SINGLE_PARAGRAPH.has(element.name) && parts.length === 1) {
    const only = /^<p>([\s\S]*)<\/p>$/.exec(parts[0] ?? '');
    if (only) return [only[1] ?? ''];
  }
  return parts;
}

function canonicalElement(element: StorageElement): string {
  if (SERVER_ELEMENTS.has(element.name)) return '';
  const attributes = canonicalAttributes(element);
  if (PLAIN_TEXT.has(element.name)) {
    const text = element.children.map((child) => (isElement(child) ? '' : child.text)).join('');
    return `<${element.name}${attributes}>${escapeText(text.replace(/\s+$/, ''))}</${element.name}>`;
  }
  const children = canonicalChildren(element).join('');
  if (children === '' && element.name === 'p' && attributes === '') return '';
  return children === ''
    ? `<${element.name}${attributes}/>`
    : `<${element.name}${attributes}>${children}</${element.name}>`;
}

/**
 * The canonical form of a storage-format body; two bodies that render the same compare equal.
 *
 * @example
 * normalizeStorage('<p>a  <br /></p>') === normalizeStorage('<p>a<br/></p>'); // true
 */
export function normalizeStorage(xhtml: string): string {
  return canonicalChildren(parseStorageTree(xhtml)).join('');
}

/** Whether two storage-format bodies are the same after normalization. */
export function sameStorage(a: string, b: string): boolean {
  return a === b || normalizeStorage(a) === normalizeStorage(b);
}
