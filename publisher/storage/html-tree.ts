/**
 * A tolerant reading of raw HTML fragments into a small element tree: void elements close
 * themselves, a stray closing tag is ignored, unclosed elements end with the fragment, comments and
 * declarations disappear. Enough for the HTML that Markdown pages embed (images, figures, details,
 * tables, inline markup); the renderer decides what each element becomes.
 */
import { decodeEntities } from './entities.ts';

/** An element of a raw HTML fragment. */
export interface HtmlElement {
  readonly kind: 'element';
  readonly tag: string;
  readonly attributes: ReadonlyMap<string, string>;
  readonly children: HtmlNode[];
}

/** Text of a raw HTML fragment, entities decoded. */
export interface HtmlText {
  readonly kind: 'text';
  readonly text: string;
}

/** A node of a raw HTML fragment. */
export type HtmlNode = HtmlElement | HtmlText;

/** Elements that never have content. */
export const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

// HTML's implied end tags: an opening `li` ends the open `li` of the same list, and so on.
const IMPLIED_END: Readonly<
  Record<string, { readonly ends: readonly string[]; readonly scope: readonly string[] }>
> = {
  li: { ends: ['li'], scope: ['ul', 'ol'] },
  dt: { ends: ['dt', 'dd'], scope: ['dl'] },
  dd: { ends: ['dt', 'dd'], scope: ['dl'] },
  tr: { ends: ['tr', 'td', 'th'], scope: ['table', 'thead', 'tbody', 'tfoot'] },
  td: { ends: ['td', 'th'], scope: ['tr'] },
  th: { ends: ['td', 'th'], scope: ['tr'] },
  p: { ends: ['p'], scope: ['div', 'section', 'article', 'td', 'th', 'li', 'blockquote', 'details'] },
};

function closeImplied(stack: HtmlElement[], tag: string): void {
  const rule = IMPLIED_END[tag];
  if (!rule) return;
  for (let i = stack.length - 1; i > 0; i--) {
    const open = stack[i]?.tag ?? '';
    if (rule.scope.includes(open)) return;
    if (rule.ends.includes(open)) {
      stack.length = i;
      return;
    }
  }
}

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<![^>]*>|<\?[\s\S]*?\?>|<(\/?)([A-Za-z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*(\/?)>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

/** Reads the attributes of a start tag. */
export function readAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE)) {
    attributes.set((match[1] ?? '').toLowerCase(), decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

/**
 * Parses a raw HTML fragment.
 *
 * @example
 * parseHtmlFragment('<img src="a.png">')[0]; // { kind: 'element', tag: 'img', … }
 */
export function parseHtmlFragment(html: string): HtmlNode[] {
  const root: HtmlElement = { kind: 'element', tag: '#root', attributes: new Map(), children: [] };
  const stack: HtmlElement[] = [root];
  let last = 0;
  const current = () => stack[stack.length - 1] ?? root;
  const addText = (text: string) => {
    if (text !== '') current().children.push({ kind: 'text', text: decodeEntities(text) });
  };
  for (const match of html.matchAll(TOKEN)) {
    addText(html.slice(last, match.index));
    last = match.index + match[0].length;
    const tag = match[2]?.toLowerCase();
    if (!tag) continue;
    if (match[1] === '/') {
      const index = stack.findLastIndex((element) => element.tag === tag);
      if (index > 0) stack.length = index;
      continue;
    }
    closeImplied(stack, tag);
    const element: HtmlElement = {
      kind: 'element',
      tag,
      attributes: readAttributes(match[3] ?? ''),
      children: [],
    };
    current().children.push(element);
    if (!VOID_ELEMENTS.has(tag) && match[4] !== '/') stack.push(element);
  }
  addText(html.slice(last));
  return root.children;
}
