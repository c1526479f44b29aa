/**
 * Markdown → Confluence storage format for one page: the renderer run over a parsed page with its
 * site context, and {@link convertMarkdown}, the self-contained entry point for a single document.
 */
import { type ParsedMarkdown, parseMarkdown } from '../markdown/index.ts';
import { createRenderState, type RenderContext, renderRoot } from '../storage/index.ts';
import { pageRenderContext, planPageLinks } from './page-context.ts';
import { collectReferences } from './page-references.ts';
import type { SiteIndex } from './site-index.ts';

/**
 * Renders a parsed page. Dropped raw HTML tags are reported through `context.warn`.
 */
export function renderStorage(parsed: ParsedMarkdown, context: RenderContext): string {
  for (const warning of parsed.warnings) context.warn(warning);
  const state = createRenderState(parsed.root, context);
  const storage = renderRoot(parsed.root, state);
  if (state.droppedTags.size > 0) {
    const tags = [...state.droppedTags].sort().map((tag) => `<${tag}>`);
    context.warn(`raw HTML tags were dropped, their text kept: ${tags.join(', ')}`);
  }
  return storage;
}

/** Options of {@link convertMarkdown}. */
export interface ConvertMarkdownOptions {
  /** The page's docs-relative path, against which relative links resolve (default `index.md`). */
  readonly sourcePath?: string;
  /** Titles of the site's other pages by docs-relative path, for page links (default none). */
  readonly pageTitles?: Readonly<Record<string, string>>;
  /** Docs-relative paths of local files that exist, for images and file links (default none). */
  readonly files?: readonly string[];
}

/** The storage-format page and what the conversion found. */
export interface ConvertedMarkdown {
  /** The page body in Confluence storage format (well-formed XHTML, deterministic). */
  readonly storage: string;
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
  const files = new Set(options.files ?? []);
  const index: SiteIndex = {
    pageTitles: new Map(Object.entries(options.pageTitles ?? {})),
    fileExists: (docsPath) => files.has(docsPath),
  };
  const parsed = parseMarkdown(markdown);
  const references = collectReferences(parsed.root);
  const plan = planPageLinks(sourcePath, references, index);
  const warnings: string[] = [];
  const failures: string[] = [];
  const anchorTargets = new Set(
    plan.anchorLinks.filter(([target]) => target === sourcePath).map(([, a]) => a),
  );
  const context = pageRenderContext(
    {
      sourcePath,
      admonitions: parsed.admonitions,
      attachments: plan.attachments,
      anchorTargets,
      warn: (message) => warnings.push(message),
      fail: (message) => failures.push(message),
    },
    index,
  );
  const storage = renderStorage(parsed, context);
  const metaTitle = typeof parsed.meta.title === 'string' ? parsed.meta.title.trim() : undefined;
  const title = metaTitle || references.firstHeading;
  const attachments = [...plan.attachments].map(([path, name]) => ({ name, path }));
  return { storage, ...(title ? { title } : {}), attachments, warnings, failures };
}
