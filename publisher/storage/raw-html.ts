/**
 * Raw HTML inside Markdown. Confluence rejects storage format that is not well-formed XHTML, and
 * Markdown's raw HTML is neither guaranteed well-formed nor balanced within one node, so tags are
 * not passed through: line breaks become `<br/>`, comments disappear, other tags are dropped and
 * their text kept (the page gets a warning naming the dropped tags).
 */
import { decodeEntities } from './entities.ts';
import { escapeText } from './xml-escape.ts';

const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const LINE_BREAK = /<br\s*\/?>/gi;
const TAG = /<\/?([A-Za-z][A-Za-z0-9-]*)(?:\s[^<>]*)?\/?>|<![A-Za-z][^<>]*>|<\?[\s\S]*?\?>/g;
const BREAK_TOKEN = '\u0000br\u0000';

/** The XHTML kept from a raw HTML fragment, and the tags that were dropped. */
export interface RawHtmlResult {
  readonly xhtml: string;
  readonly droppedTags: readonly string[];
}

/**
 * Converts a raw HTML fragment into safe storage-format content.
 *
 * @example
 * rawHtmlToStorage('a<br>b <kbd>Ctrl</kbd>'); // { xhtml: 'a<br/>b Ctrl', droppedTags: ['kbd'] }
 */
export function rawHtmlToStorage(html: string): RawHtmlResult {
  const dropped = new Set<string>();
  const withoutTags = html
    .replace(COMMENT, '')
    .replace(LINE_BREAK, BREAK_TOKEN)
    .replace(TAG, (_tag, name: string | undefined) => {
      dropped.add((name ?? 'declaration').toLowerCase());
      return '';
    });
  const xhtml = withoutTags
    .split(BREAK_TOKEN)
    .map((part) => escapeText(decodeEntities(part)))
    .join('<br/>');
  return { xhtml, droppedTags: [...dropped].sort() };
}
