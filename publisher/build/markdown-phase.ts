/**
 * Phase 3 (MkDocs `on_page_markdown`): each page read and parsed (in parallel within the bound),
 * its references collected, and its title settled — nav title, front matter `title`, first
 * level-1 heading, file name, in that order — then made unique across the site.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { collectReferences, type PageReferences } from '../convert/index.ts';
import { type ParsedMarkdown, parseMarkdown, type SiteMarkdown } from '../markdown/index.ts';
import { createTaskLimit } from '../parallel/index.ts';
import type { BuildJournal } from '../report/index.ts';
import { type SitePage, type SiteTree, uniqueTitles } from '../site/index.ts';

/** A page of the hierarchy with its parsed Markdown (absent for generated section pages). */
export interface PageSource {
  readonly page: SitePage;
  readonly title: string;
  readonly parsed?: ParsedMarkdown;
  readonly references?: PageReferences;
}

/** What the Markdown phase needs. */
export interface MarkdownInput {
  readonly tree: SiteTree;
  readonly docsDir: string;
  readonly markdown: SiteMarkdown;
  readonly files: ReadonlySet<string>;
  readonly concurrency: number;
  /** Titles already taken in the wiki (the parent page's). */
  readonly reservedTitles: readonly string[];
  readonly journal: BuildJournal;
}

/** Runs the Markdown phase; pages whose file cannot be read are reported and left out. */
export async function readPages(input: MarkdownInput): Promise<PageSource[]> {
  const limit = createTaskLimit(input.concurrency);
  const read = await Promise.all(
    input.tree.pages.map((page) =>
      limit(async () => {
        if (!page.sourcePath) return { page, proposed: page.navTitle ?? page.fallbackTitle };
        if (!input.files.has(page.sourcePath)) {
          input.journal.fail({
            kind: 'page',
            page: page.sourcePath,
            message: 'the nav lists this file but it does not exist',
          });
          return undefined;
        }
        let text: string;
        try {
          text = await readFile(path.join(input.docsDir, ...page.sourcePath.split('/')), 'utf8');
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          input.journal.fail({ kind: 'page', page: page.sourcePath, message: `cannot be read: ${reason}` });
          return undefined;
        }
        const parsed = parseMarkdown(text, input.markdown);
        const references = collectReferences(parsed);
        const metaTitle = typeof parsed.meta.title === 'string' ? parsed.meta.title : undefined;
        const proposed = page.navTitle ?? metaTitle ?? references.firstHeading ?? page.fallbackTitle;
        return { page, proposed, parsed, references };
      }),
    ),
  );
  const readable = read.filter((entry) => entry !== undefined);
  const { titles, warnings } = uniqueTitles(
    readable.map(({ page, proposed }) => ({
      key: page.key,
      title: proposed,
      ...(page.parentKey ? { parentKey: page.parentKey } : {}),
    })),
    input.reservedTitles,
  );
  for (const message of warnings) input.journal.warn({ kind: 'site', message });
  return readable.map(({ page, parsed, references }) => ({
    page,
    title: titles.get(page.key) ?? page.fallbackTitle,
    ...(parsed ? { parsed } : {}),
    ...(references ? { references } : {}),
  }));
}
