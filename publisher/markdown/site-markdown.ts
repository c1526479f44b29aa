/**
 * How one site's Markdown is read: its `markdown_extensions`, the parser built for them once, and
 * the settings of its text preprocessors (markdown-include-variants, mdx_include, snippets), with
 * the site-level problems found while reading them (each reported once for the whole site).
 */
import path from 'node:path';
import type MarkdownIt from 'markdown-it';
import { type MarkdownExtensions, siteMarkdownExtensions } from './markdown-extensions.ts';
import { createMarkdownParser } from './markdown-parser.ts';
import { type IncludeSettings, includeSettings } from './mdx-include.ts';
import { type AppendedDefinitions, expandSnippets, readSnippet, type SnippetSettings } from './snippets.ts';

/** How a site's Markdown is read: its extensions, its parser and where its includes live. */
export interface SiteMarkdown {
  readonly extensions: MarkdownExtensions;
  readonly parser: MarkdownIt;
  /** Present when the site enables pymdownx.snippets. */
  readonly snippets?: SnippetSettings;
  /** Present when the site enables mdx_include. */
  readonly includes?: IncludeSettings;
  /** The folder `{* … *}` paths resolve against, when the site enables markdown_include_variants. */
  readonly includeVariantsDir?: string;
  /** Problems with the site's extension settings (each names its extension). */
  readonly problems: readonly string[];
}

const DEFINITION_LINE = /^ {0,3}\*?\[[^[\]]+\]:[ \t]*\S/;

/**
 * The auto-appended snippets read once for the site when they hold only definitions (the usual
 * links and abbreviations file): every page then gets them without parsing them again.
 */
function appendedDefinitions(settings: SnippetSettings, parser: MarkdownIt): AppendedDefinitions | undefined {
  if (settings.autoAppend.length === 0) return undefined;
  const text = expandSnippets('', settings).text;
  if (!text.split('\n').every((line) => line.trim() === '' || DEFINITION_LINE.test(line))) return undefined;
  const env: { references?: Record<string, unknown>; abbreviations?: Record<string, unknown> } = {};
  parser.parse(text, env);
  return {
    ...(env.references ? { references: env.references } : {}),
    ...(env.abbreviations ? { abbreviations: env.abbreviations } : {}),
  };
}

function snippetSettings(
  options: Readonly<Record<string, unknown>>,
  configDir: string,
  parser: MarkdownIt,
): SnippetSettings {
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
  const settings = { ...found, missingAutoAppend };
  const definitions = appendedDefinitions(settings, parser);
  return definitions ? { ...settings, appendedDefinitions: definitions } : settings;
}

/**
 * The Markdown reading of a site.
 *
 * @param setting the `markdown_extensions` of `mkdocs.yml` (`undefined`: MkDocs' defaults)
 * @param configDir the folder of `mkdocs.yml`, against which include and snippet paths resolve
 * @param plugins the names of the MkDocs plugins the site enables (default none)
 * @example
 * const site = createSiteMarkdown(['admonition', { mdx_include: { base_path: 'docs' } }], '/site');
 */
export function createSiteMarkdown(
  setting: unknown,
  configDir: string,
  plugins: readonly string[] = [],
): SiteMarkdown {
  const extensions = siteMarkdownExtensions(setting);
  const parser = createMarkdownParser(extensions, new Set(plugins));
  const problems: string[] = [];
  let includes: IncludeSettings | undefined;
  if (extensions.has('mdx_include')) {
    const read = includeSettings(extensions.options('mdx_include'), configDir);
    includes = read.settings;
    problems.push(...read.problems);
  }
  return {
    extensions,
    parser,
    problems,
    ...(extensions.has('pymdownx.snippets')
      ? { snippets: snippetSettings(extensions.options('pymdownx.snippets'), configDir, parser) }
      : {}),
    ...(includes ? { includes } : {}),
    ...(extensions.has('markdown_include_variants') ? { includeVariantsDir: path.resolve(configDir) } : {}),
  };
}

/**
 * The site-level warnings of a site's Markdown settings: options not followed, and one warning per
 * `auto_append` snippet that is not found (a missing file would otherwise be the same warning on
 * every page).
 *
 * @param pages how many pages the auto-appended snippets would have been appended to
 */
export function siteMarkdownWarnings(site: SiteMarkdown, pages: number): string[] {
  const snippets = site.snippets;
  const missing = (snippets?.missingAutoAppend ?? []).map(
    (spec) =>
      `pymdownx.snippets: auto_append snippet "${spec}" not found under ${snippets?.basePaths.join(', ')}; not appended to any of the ${pages} page${pages === 1 ? '' : 's'}`,
  );
  return [...site.problems, ...missing];
}
