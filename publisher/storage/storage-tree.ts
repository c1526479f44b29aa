/**
 * A tolerant reader of Confluence storage format into a small element tree, for comparing pages.
 * It never throws: comments and processing instructions are skipped, stray closing tags ignored,
 * unclosed elements closed at the end, a `<` that starts no tag read as text.
 */
import { decodeEntities } from './entities.ts';

/** Text, with `cdata` set when it came from a CDATA section (already decoded either way). */
export interface StorageText {
  readonly text: string;
  readonly cdata: boolean;
}

/** An element with its attributes (values decoded) in document order. */
export interface StorageElement {
  readonly name: string;
  readonly attributes: ReadonlyArray<readonly [string, string]>;
  readonly children: StorageNode[];
}

/** A node of the tree. */
export type StorageNode = StorageElement | StorageText;

const TAG = /<([A-Za-z_][\w:.-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*(\/?)>/y;
const CLOSE = /<\/([A-Za-z_][\w:.-]*)\s*>/y;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;

function skipTo(xml: string, from: number, terminator: string): number {
  const end = xml.indexOf(terminator, from);
  return end === -1 ? xml.length : end + terminator.length;
}

function pushText(parent: StorageElement, text: string): void {
  const last = parent.children[parent.children.length - 1];
  if (last && !('name' in last) && !last.cdata)
    parent.children[parent.children.length - 1] = { text: last.text + text, cdata: false };
  else parent.children.push({ text, cdata: false });
}

/**
 * Reads storage-format XHTML into a tree under a nameless root element.
 *
 * @example
 * parseStorageTree('<p>a<br/>b</p>').children[0]; // { name: 'p', … }
 */
export function parseStorageTree(xml: string): StorageElement {
  const root: StorageElement = { name: '', attributes: [], children: [] };
  const stack: StorageElement[] = [root];
  const current = () => stack[stack.length - 1] ?? root;
  let position = 0;
  while (position < xml.length) {
    const lt = xml.indexOf('<', position);
    const textEnd = lt === -1 ? xml.length : lt;
    if (textEnd > position) pushText(current(), decodeEntities(xml.slice(position, textEnd)));
    if (lt === -1) break;
    position = lt;
    if (xml.startsWith('<!--', position)) {
      position = skipTo(xml, position + 4, '-->');
    } else if (xml.startsWith('<![CDATA[', position)) {
      const end = xml.indexOf(']]>', position + 9);
      const stop = end === -1 ? xml.length : end;
      current().children.push({ text: xml.slice(position + 9, stop), cdata: true });
      position = end === -1 ? xml.length : end + 3;
    } else if (xml.startsWith('<?', position)) {
      position = skipTo(xml, position + 2, '?>');
    } else if (xml.startsWith('<!', position)) {
      position = skipTo(xml, position + 2, '>');
    } else if (xml.startsWith('</', position)) {
      CLOSE.lastIndex = position;
      const close = CLOSE.exec(xml);
      if (!close) {
        pushText(current(), '<');
        position += 1;
        continue;
      }
      const at = stack.map((element) => element.name).lastIndexOf(close[1] ?? '');
      if (at > 0) stack.length = at;
      position = CLOSE.lastIndex;
    } else {
      TAG.lastIndex = position;
      const open = TAG.exec(xml);
      if (!open) {
        pushText(current(), '<');
        position += 1;
        continue;
      }
      const attributes = [...(open[2] ?? '').matchAll(ATTRIBUTE)].map(
        (match) => [match[1] ?? '', decodeEntities(match[2] ?? match[3] ?? match[4] ?? '')] as const,
      );
      const element: StorageElement = { name: open[1] ?? '', attributes, children: [] };
      current().children.push(element);
      if (open[3] !== '/') stack.push(element);
      position = TAG.lastIndex;
    }
  }
  return root;
}
