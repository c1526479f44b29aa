/**
 * Python-Markdown's attr_list: `{ #id .class key="value" }` after a heading sets its id, after an
 * image sets its size and alignment (`width`, `height`, `align`, `.left`/`.center`/`.right`), after
 * a link or inline element, or on the last line of a paragraph, it styles the element — such
 * attributes are removed from the text (HTML classes and styles have no storage-format meaning).
 */
import type MarkdownIt from 'markdown-it';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import type Token from 'markdown-it/lib/token.mjs';

const ITEM = String.raw`(?:[#.][^\s}=]+|[\w:-]+(?:=(?:"[^"]*"|'[^']*'|[^\s}]+))?)`;
const BODY = String.raw`\{:?[ \t]*(${ITEM}(?:[ \t]+${ITEM})*)[ \t]*:?\}`;
const LEADING = new RegExp(`^${BODY}`);
const TRAILING = new RegExp(`[ \\t]*${BODY}[ \\t]*$`);
const PARTS = /([#.])([^\s}=]+)|([\w:-]+)=(?:"([^"]*)"|'([^']*)'|([^\s}]+))/g;

/** Parsed attributes: the id, the classes and the key/value pairs. */
export interface AttributeList {
  readonly id?: string;
  readonly classes: readonly string[];
  readonly pairs: ReadonlyMap<string, string>;
}

/** Parses the inside of `{ … }`. */
export function parseAttributeList(text: string): AttributeList {
  let id: string | undefined;
  const classes: string[] = [];
  const pairs = new Map<string, string>();
  for (const match of text.matchAll(PARTS)) {
    if (match[1] === '#') id = match[2];
    else if (match[1] === '.') classes.push(match[2] ?? '');
    else if (match[3] === 'id') id = match[4] ?? match[5] ?? match[6];
    else pairs.set(match[3] ?? '', match[4] ?? match[5] ?? match[6] ?? '');
  }
  return { ...(id ? { id } : {}), classes, pairs };
}

const IMAGE_ATTRIBUTES = ['width', 'height', 'align', 'title'];

function applyToImage(image: Token, attributes: AttributeList): void {
  for (const name of IMAGE_ATTRIBUTES) {
    const value = attributes.pairs.get(name);
    if (value !== undefined) image.attrSet(name, value);
  }
  const align = attributes.classes.find((name) => /^(left|right|center)$/.test(name));
  if (align && image.attrGet('align') === null) image.attrSet('align', align);
}

const STYLED = new Set([
  'image',
  'icon',
  'emoji',
  'link_close',
  'em_close',
  'strong_close',
  'code_inline',
  's_close',
  'mark_close',
]);

function applyInline(children: Token[]): void {
  for (let i = 1; i < children.length; i++) {
    const child = children[i];
    const previous = children[i - 1];
    if (child?.type !== 'text' || !previous || !STYLED.has(previous.type)) continue;
    const match = LEADING.exec(child.content);
    if (!match) continue;
    if (previous.type === 'image') applyToImage(previous, parseAttributeList(match[1] ?? ''));
    child.content = child.content.slice(match[0].length);
  }
}

/** Joins the trailing text tokens (a backslash makes its own `text_special` until `text_join`). */
function joinTrailingText(children: Token[]): void {
  const isText = (token: Token | undefined) => token?.type === 'text' || token?.type === 'text_special';
  while (
    children.length > 1 &&
    isText(children[children.length - 1]) &&
    isText(children[children.length - 2])
  ) {
    const last = children.pop() as Token;
    const before = children[children.length - 1] as Token;
    before.type = 'text';
    before.content += last.content;
  }
  const only = children[children.length - 1];
  if (only?.type === 'text_special') only.type = 'text';
}

function stripTrailing(children: Token[]): AttributeList | undefined {
  joinTrailingText(children);
  const last = children[children.length - 1];
  if (last?.type !== 'text') return undefined;
  const match = TRAILING.exec(last.content);
  if (!match) return undefined;
  last.content = last.content.slice(0, match.index);
  const before = children[children.length - 2];
  if (last.content === '' && (before?.type === 'softbreak' || before?.type === 'hardbreak'))
    children.splice(-2, 1);
  return parseAttributeList(match[1] ?? '');
}

function attributeListRule(state: StateCore): void {
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token?.type !== 'inline' || !token.children) continue;
    applyInline(token.children);
    const opener = tokens[i - 1];
    if (opener?.type === 'heading_open' || opener?.type === 'paragraph_open' || opener?.type === 'dt_open') {
      const attributes = stripTrailing(token.children);
      if (attributes?.id && opener.type === 'heading_open') opener.attrSet('id', attributes.id);
      if (attributes) token.content = token.content.replace(TRAILING, '');
    }
  }
}

/**
 * Registers attr_list with a parser.
 *
 * @example
 * md.use(attributeLists);
 */
export function attributeLists(md: MarkdownIt): void {
  md.core.ruler.after('inline', 'attr_list', attributeListRule);
}
