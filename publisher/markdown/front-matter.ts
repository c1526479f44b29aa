/**
 * Page metadata as MkDocs reads it: YAML front matter (`---` … `---` at the very start of a page)
 * or, without it, MultiMarkdown-style `key: value` lines up to the first blank line (indented lines
 * continue a value). The metadata (`title` at least) is split from the Markdown body.
 */
import { parse } from 'yaml';

/** A page's metadata and its Markdown body. */
export interface FrontMatterSplit {
  /** The front matter's mapping, or an empty object when there is none. */
  readonly meta: Readonly<Record<string, unknown>>;
  /** The Markdown after the front matter. */
  readonly body: string;
  /** Why the front matter was ignored, when it is not a valid YAML mapping. */
  readonly problem?: string;
}

const META_LINE = /^ {0,3}([A-Za-z0-9_-]+):\s*(.*)$/;
const META_MORE = /^(?: {4}|\t)\s*(.*)$/;

/** MultiMarkdown-style metadata lines, as MkDocs reads them when there is no YAML front matter. */
function splitMetaLines(text: string): FrontMatterSplit {
  const first = text.slice(0, text.indexOf('\n') >>> 0).replace(/\r$/, '');
  if (!META_LINE.test(first)) return { meta: {}, body: text };
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const meta: Record<string, string> = {};
  let key: string | undefined;
  let used = 0;
  for (const line of lines) {
    if (line.trim() === '') {
      if (used > 0) used += 1;
      break;
    }
    const field = META_LINE.exec(line);
    const more = field ? null : META_MORE.exec(line);
    if (field) {
      key = (field[1] ?? '').toLowerCase();
      const value = (field[2] ?? '').trim();
      meta[key] = meta[key] === undefined ? value : `${meta[key]} ${value}`;
    } else if (more && key !== undefined) {
      meta[key] = `${meta[key]} ${(more[1] ?? '').trim()}`;
    } else break;
    used += 1;
  }
  if (used === 0) return { meta: {}, body: text };
  return { meta, body: lines.slice(used).join('\n') };
}

const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

/**
 * Splits YAML front matter from a page.
 *
 * @example
 * splitFrontMatter('---\ntitle: Setup\n---\n# Hi').meta.title; // 'Setup'
 * splitFrontMatter('title: Setup\n\n# Hi').meta.title; // 'Setup'
 */
export function splitFrontMatter(text: string): FrontMatterSplit {
  const match = FRONT_MATTER.exec(text);
  const withoutBom = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (!match) return splitMetaLines(withoutBom);
  const body = text.slice(match[0].length);
  try {
    const value: unknown = parse(match[1] ?? '');
    if (value === null || value === undefined) return { meta: {}, body };
    if (typeof value !== 'object' || Array.isArray(value)) {
      return { meta: {}, body, problem: 'front matter is not a YAML mapping' };
    }
    return { meta: value as Record<string, unknown>, body };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { meta: {}, body, problem: `front matter is not valid YAML (${reason})` };
  }
}
