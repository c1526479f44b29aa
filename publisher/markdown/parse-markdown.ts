/**
 * Markdown → markdown-it tokens for one page of a site: front matter split off, then the text
 * preprocessors in Python-Markdown's order (markdown-include-variants, mdx_include, whitespace
 * normalised, snippets), then the site's parser. Token lines map back to the page's own lines
 * for warnings.
 */
import type Token from 'markdown-it/lib/token.mjs';
import { splitFrontMatter } from './front-matter.ts';
import type { GeneratedDirective } from './generated-directives.ts';
import { expandIncludeVariants } from './include-variants.ts';
import type { MarkdownExtensions } from './markdown-extensions.ts';
import { expandIncludes } from './mdx-include.ts';
import { chainPreprocessor, type PreprocessedText } from './preprocessed-text.ts';
import type { SiteMarkdown } from './site-markdown.ts';
import { expandSnippets } from './snippets.ts';

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

const BLANKISH = /\t|^ +$/m;

// Python-Markdown's NormalizeWhitespace: tabs expanded to 4-column stops, blank-looking lines emptied.
function normalizeWhitespace(text: string): string {
  if (!BLANKISH.test(text)) return text;
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
  const bodyText = body.replace(/\r\n?/g, '\n');
  const frontMatterLines = text.replace(/\r\n?/g, '\n').split('\n').length - bodyText.split('\n').length;
  const warnings: PageProblem[] = problem ? [{ line: 1, message: problem }] : [];
  const page = preprocess(bodyText, site);
  for (const warning of page.warnings)
    warnings.push({ line: warning.line + frontMatterLines, message: warning.message });
  const appended = site.snippets?.appendedDefinitions;
  const env: Record<string, unknown> = appended ? { appendedDefinitions: appended } : {};
  const tokens = site.parser.parse(page.text, env);
  const lines = page.lines;
  const lineOf = (tokenLine: number) =>
    (lines ? (lines[tokenLine] ?? lines.length) : tokenLine + 1) + frontMatterLines;
  warnings.push(...generatedDirectiveWarnings(tokens, lineOf));
  return {
    tokens,
    meta,
    extensions: site.extensions,
    warnings,
    env,
    lineOf,
  };
}

/** One warning per page and tool for the directives whose content MkDocs generates. */
function generatedDirectiveWarnings(
  tokens: readonly Token[],
  lineOf: (tokenLine: number) => number,
): PageProblem[] {
  const found = new Map<string, { line: number; count: number }>();
  for (const token of tokens) {
    if (token.type !== 'generated_directive') continue;
    const tool = (token.meta as GeneratedDirective).tool;
    const seen = found.get(tool);
    if (seen) seen.count++;
    else found.set(tool, { line: lineOf(token.map?.[0] ?? 0), count: 1 });
  }
  return [...found].map(([tool, { line, count }]) => ({
    line,
    message: `${tool}: ${count === 1 ? 'a directive' : `${count} directives`} (\`::: …\`) whose content MkDocs generates when it builds the site; each is shown as an info panel saying so`,
  }));
}

/** The preprocessors in Python-Markdown's order; `lines` is absent when no line moved. */
function preprocess(
  body: string,
  site: SiteMarkdown,
): Omit<PreprocessedText, 'lines'> & { readonly lines?: readonly number[] } {
  let done: PreprocessedText | undefined;
  const run = (next: (text: string) => PreprocessedText) => {
    done = done ? chainPreprocessor(done, next) : next(body);
  };
  const { includeVariantsDir, includes, snippets } = site;
  if (includeVariantsDir && body.includes('{*'))
    run((text) => expandIncludeVariants(text, includeVariantsDir, includes?.basePath ?? includeVariantsDir));
  if (includes && (done ?? { text: body }).text.includes('{!')) run((text) => expandIncludes(text, includes));
  const current: PreprocessedText | undefined = done;
  const normalized = normalizeWhitespace(current ? current.text : body);
  const appendsText = snippets && !snippets.appendedDefinitions && snippets.autoAppend.length > 0;
  if (snippets && (appendsText || normalized.includes('8<'))) {
    const expanded = expandSnippets(normalized, snippets);
    return current ? chainPreprocessor({ ...current, text: normalized }, () => expanded) : expanded;
  }
  return current ? { ...current, text: normalized } : { text: normalized, warnings: [] };
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
