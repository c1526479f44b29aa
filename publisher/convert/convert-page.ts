/**
 * Markdown → Confluence storage format for one page: the renderer run over a parsed page with its
 * site context, and {@link convertMarkdown}, the self-contained entry point for a single document.
 */
import {
  createSiteMarkdown,
  type ParsedMarkdown,
  parseFragment,
  parseMarkdown,
  type SiteMarkdown,
  siteMarkdownWarnings,
} from '../markdown/index.ts';
import { createRenderState, type RenderContext, renderPage } from '../storage/index.ts';
import { pageRenderContext, planPageLinks } from './page-context.ts';
import { collectReferences } from './page-references.ts';
import type { SiteIndex } from './site-index.ts';

/**
 * Renders a parsed page; problems found while parsing are reported through `context.warn` with
 * their lines. With md_in_html enabled, Markdown inside raw HTML is rendered with the same site.
 */
export function renderStorage(
  parsed: ParsedMarkdown,
  context: RenderContext,
  site?: SiteMarkdown,
): RenderedPage {
  for (const warning of parsed.warnings) context.warn(warning.message, warning.line);
  const mdInHtml = site && parsed.extensions.has('md_in_html') ? site : undefined;
  const renderMarkdown = mdInHtml
    ? (markdown: string) =>
        renderStorage(parseFragment(markdown, parsed, mdInHtml), context, mdInHtml).storage
    : undefined;
  const state = createRenderState(parsed, context, renderMarkdown);
  const storage = renderPage(state);
  return { storage, headings: state.headings };
}

/** A rendered page: its storage format and its headings. */
export interface RenderedPage {
  readonly storage: string;
  /** The page's headings in order, with the ids MkDocs gives them (`toc`, attr_list). */
  readonly headings: ReadonlyArray<{ readonly level: number; readonly id: string; readonly text: string }>;
}

/**
 * The extensions {@link convertMarkdown} follows when none are given: MkDocs' defaults plus the
 * ones most MkDocs sites enable.
 */
export const COMMON_MARKDOWN_EXTENSIONS: readonly string[] = [
  'admonition',
  'attr_list',
  'def_list',
  'footnotes',
  'github-callouts',
  'pymdownx.details',
  'pymdownx.superfences',
  'pymdownx.tabbed',
  'pymdownx.tasklist',
  'pymdownx.tilde',
];

let commonSite: SiteMarkdown | undefined;

const EMPTY: readonly string[] = [];
const NO_TITLES: Readonly<Record<string, string>> = {};
/** The site index of the last options seen: converting many pages of one site builds it once. */
let lastIndex:
  | { titles: object; files: readonly string[]; directoryUrls: boolean; index: SiteIndex }
  | undefined;

function siteIndexOf(options: ConvertMarkdownOptions): SiteIndex {
  const titles = options.pageTitles ?? NO_TITLES;
  const fileList = options.files ?? EMPTY;
  const directoryUrls = options.useDirectoryUrls ?? true;
  if (
    lastIndex?.titles === titles &&
    lastIndex.files === fileList &&
    lastIndex.directoryUrls === directoryUrls
  )
    return lastIndex.index;
  const files = new Set(fileList);
  const index: SiteIndex = {
    pageTitles: new Map(Object.entries(titles)),
    fileExists: (docsPath) => files.has(docsPath),
    useDirectoryUrls: directoryUrls,
  };
  lastIndex = { titles, files: fileList, directoryUrls, index };
  return index;
}

/** Options of {@link convertMarkdown}. */
export interface ConvertMarkdownOptions {
  /** The page's docs-relative path, against which relative links resolve (default `index.md`). */
  readonly sourcePath?: string;
  /**
   * Titles of the site's other pages by docs-relative path, for page links (default none). This
   * object and `files` are indexed once and reused while the same objects are passed again, so
   * pass new ones when they change.
   */
  readonly pageTitles?: Readonly<Record<string, string>>;
  /** Docs-relative paths of local files that exist, for images and file links (default none). */
  readonly files?: readonly string[];
  /** The site's Markdown reading (default {@link COMMON_MARKDOWN_EXTENSIONS}, no snippets). */
  readonly site?: SiteMarkdown;
  /** MkDocs' `use_directory_urls`, against which raw HTML URLs resolve (default true). */
  readonly useDirectoryUrls?: boolean;
}

/** The storage-format page and what the conversion found. */
export interface ConvertedMarkdown {
  /** The page body in Confluence storage format (well-formed XHTML, deterministic). */
  readonly storage: string;
  /** The page's headings in order, with the ids MkDocs gives them. */
  readonly headings: RenderedPage['headings'];
  /** The title from front matter or the first level-1 heading, if any. */
  readonly title?: string;
  /** Attachments the page uses: attachment name and docs-relative source path. */
  readonly attachments: ReadonlyArray<{ readonly name: string; readonly path: string }>;
  readonly warnings: readonly string[];
  /** Referenced local files that do not exist. */
  readonly failures: readonly string[];
}

/**
 * Converts one Markdown document to Confluence storage format.
 *
 * @example
 * convertMarkdown('# Hi\n\n```js\nlet a = 1;\n```').storage;
 * // '<h1>Hi</h1><ac:structured-macro ac:name="code">…'
 */
export function convertMarkdown(markdown: string, options: ConvertMarkdownOptions = {}): ConvertedMarkdown {
  const sourcePath = options.sourcePath ?? 'index.md';
  const index = siteIndexOf(options);
  commonSite ??= createSiteMarkdown(COMMON_MARKDOWN_EXTENSIONS, '.');
  const site = options.site ?? commonSite;
  const parsed = parseMarkdown(markdown, site);
  const references = collectReferences(parsed);
  const plan = planPageLinks(sourcePath, references, index);
  const warnings: string[] = siteMarkdownWarnings(site, 1);
  const failures: string[] = [];
  const anchorTargets = new Set(
    plan.anchorLinks.filter(([target]) => target === sourcePath).map(([, a]) => a),
  );
  const context = pageRenderContext(
    {
      sourcePath,
      attachments: plan.attachments,
      anchorTargets,
      warn: (message, line) => warnings.push(line ? `line ${line}: ${message}` : message),
      fail: (message, line) => failures.push(line ? `line ${line}: ${message}` : message),
    },
    index,
  );
  const { storage, headings } = renderStorage(parsed, context, site);
  const metaTitle = typeof parsed.meta.title === 'string' ? parsed.meta.title.trim() : undefined;
  const title = metaTitle || references.firstHeading;
  const attachments = [...plan.attachments].map(([path, name]) => ({ name, path }));
  return { storage, headings, ...(title ? { title } : {}), attachments, warnings, failures };
}
