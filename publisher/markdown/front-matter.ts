/**
 * YAML front matter (`---` … `---` at the very start of a page), as MkDocs reads it: the page's
 * metadata (`title` at least) is split from the Markdown body.
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

const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

/**
 * Splits YAML front matter from a page.
 *
 * @example
 * splitFrontMatter('---\ntitle: Setup\n---\n# Hi').meta.title; // 'Setup'
 */
export function splitFrontMatter(text: string): FrontMatterSplit {
  const match = FRONT_MATTER.exec(text);
  const withoutBom = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (!match) return { meta: {}, body: withoutBom };
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
