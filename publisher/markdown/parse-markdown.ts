/**
 * Markdown → markdown-it tokens for one page of a site: front matter split off, snippets expanded,
 * then the site's parser. Token lines map back to the page's own lines for warnings.
 */
import type MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { splitFrontMatter } from './front-matter.ts';
import { type MarkdownExtensions, siteMarkdownExtensions } from './markdown-extensions.ts';
import { createMarkdownParser } from './markdown-parser.ts';
import { expandSnippets, readSnippet, type SnippetSettings } from './snippets.ts';

/** How a site's Markdown is read: its extensions, its parser and where its snippets live. */
export interface SiteMarkdown {
  readonly extensions: MarkdownExtensions;
  readonly parser: MarkdownIt;
  /** Present when the site enables pymdownx.snippets. */
  readonly snippets?: SnippetSettings;
}

/** A problem found in a page, at a line of the page (1-based) when known. */
export interface PageProblem {
  readonly line?: number;
  readonly message: string;
}

/** A parsed page: its tokens, its front matter and the problems found while parsing. */
export interface ParsedMarkdown {
  readonly tokens: readonly Token[];
  readonly meta: Readonly<Record<string, unknown>>;
  readonly extensions: MarkdownExtensions;
  readonly warnings: readonly PageProblem[];
  /**
   * The page's parse environment (its reference definitions, footnotes, abbreviations): Markdown
   * inside raw HTML is read with it, as Python-Markdown reads a page as one document.
   */
  readonly env: Readonly<Record<string, unknown>>;
  /** The page line (1-based) of a token's first line (`token.map[0]`). */
  lineOf(tokenLine: number): number;
}

/**
 * The Markdown reading of a site.
 *
 * @param setting the `markdown_extensions` of `mkdocs.yml` (`undefined`: MkDocs' defaults)
 * @param configDir the folder of `mkdocs.yml`, against which snippet base paths resolve
 */
export function createSiteMarkdown(setting: unknown, configDir: string): SiteMarkdown {
  const extensions = siteMarkdownExtensions(setting);
  const parser = createMarkdownParser(extensions);
  if (!extensions.has('pymdownx.snippets')) return { extensions, parser };
  const options = extensions.options('pymdownx.snippets');
  const list = (value: unknown, fallback: string[]) =>
    typeof value === 'string' ? [value] : Array.isArray(value) ? value.map(String) : fallback;
  const found = {
    basePaths: list(options.base_path, ['.']).map((base) =>
      base.startsWith('/') ? base : `${configDir}/${base}`,
    ),
    autoAppend: list(options.auto_append, []),
    cache: new Map<string, string | undefined>(),
  };
  const missingAutoAppend = found.autoAppend.filter((spec) => 'problem' in readSnippet(spec, found));
  return { extensions, parser, snippets: { ...found, missingAutoAppend } };
}

// Python-Markdown's NormalizeWhitespace: tabs expanded to 4-column stops, blank-looking lines emptied.
function normalizeWhitespace(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => {
      if (!line.includes('\t')) return /^[ ]+$/.test(line) ? '' : line;
      let expanded = '';
      for (const ch of line) expanded += ch === '\t' ? ' '.repeat(4 - (expanded.length % 4)) : ch;
      return expanded.trim() === '' ? '' : expanded;
    })
    .join('\n');
}

/**
 * Parses a page's Markdown.
 *
 * @example
 * parseMarkdown('# Title\n\nText', createSiteMarkdown(undefined, '.')).tokens[0]?.type; // 'heading_open'
 */
export function parseMarkdown(text: string, site: SiteMarkdown): ParsedMarkdown {
  const { meta, body, problem } = splitFrontMatter(text);
  const normalizedBody = normalizeWhitespace(body);
  const frontMatterLines =
    text.replace(/\r\n?/g, '\n').split('\n').length - normalizedBody.split('\n').length;
  const warnings: PageProblem[] = problem ? [{ line: 1, message: problem }] : [];
  let markdown = normalizedBody;
  let lines: readonly number[] | undefined;
  if (site.snippets) {
    const expanded = expandSnippets(normalizedBody, site.snippets);
    markdown = expanded.text;
    lines = expanded.lines;
    for (const warning of expanded.warnings)
      warnings.push({ line: warning.line + frontMatterLines, message: warning.message });
  }
  const env: Record<string, unknown> = {};
  const tokens = site.parser.parse(markdown, env);
  return {
    tokens,
    meta,
    extensions: site.extensions,
    warnings,
    env,
    lineOf: (tokenLine) => (lines ? (lines[tokenLine] ?? lines.length) : tokenLine + 1) + frontMatterLines,
  };
}

/**
 * Parses Markdown found inside a page's raw HTML (md_in_html): already expanded (no front matter,
 * no snippets, nothing auto-appended again), read with the page's references and abbreviations.
 *
 * @example
 * parseFragment('Text [a][y]', page, site);
 */
export function parseFragment(markdown: string, page: ParsedMarkdown, site: SiteMarkdown): ParsedMarkdown {
  // Footnotes stay the page's: a fragment that shared them would list them all again at its end.
  const tokens = site.parser.parse(markdown, { ...page.env, footnotes: undefined });
  return { ...page, tokens, meta: {}, warnings: [] };
}

/**
 * One warning per `auto_append` snippet that is not found, for the whole site (a missing file
 * would otherwise be the same warning on every page).
 *
 * @param pages how many pages it would have been appended to
 */
export function missingAutoAppendWarnings(site: SiteMarkdown, pages: number): string[] {
  const snippets = site.snippets;
  if (!snippets) return [];
  return (snippets.missingAutoAppend ?? []).map(
    (spec) =>
      `pymdownx.snippets: auto_append snippet "${spec}" not found under ${snippets.basePaths.join(', ')}; not appended to any of the ${pages} page${pages === 1 ? '' : 's'}`,
  );
}
