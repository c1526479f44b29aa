/**
 * Phase 4 (MkDocs `on_page_content`): every page rendered to storage format with the whole site
 * known — page links by final title, anchors where links point, attachments named and hashed.
 * Generated section pages list their children.
 */

import {
  type ConvertedPage,
  type PageLayoutOptions,
  pageLabels,
  pageLayout,
  pageRenderContext,
  planPageLinks,
  renderStorage,
  type SiteIndex,
} from '../convert/index.ts';
import type { SiteMarkdown } from '../markdown/index.ts';
import { createTaskLimit } from '../parallel/index.ts';
import type { BuildJournal } from '../report/index.ts';
import { describeLocalFile } from '../site/index.ts';
import { childrenMacro } from '../storage/index.ts';
import type { PageSource } from './markdown-phase.ts';

/** What the conversion phase needs. */
export interface ConversionInput {
  readonly sources: readonly PageSource[];
  readonly docsDir: string;
  readonly markdown: SiteMarkdown;
  readonly layout: PageLayoutOptions;
  readonly files: ReadonlySet<string>;
  readonly concurrency: number;
  readonly journal: BuildJournal;
  /** MkDocs' `use_directory_urls` (default true). */
  readonly useDirectoryUrls?: boolean;
}

function located(sourcePath: string | undefined, line: number | undefined): string | undefined {
  return sourcePath && line ? `${sourcePath}:${line}` : sourcePath;
}

/** Runs the conversion phase. */
export async function convertPages(input: ConversionInput): Promise<ConvertedPage[]> {
  const index: SiteIndex = {
    pageTitles: new Map(
      input.sources.flatMap((s) => (s.page.sourcePath && s.parsed ? [[s.page.sourcePath, s.title]] : [])),
    ),
    fileExists: (docsPath) => input.files.has(docsPath),
    useDirectoryUrls: input.useDirectoryUrls ?? true,
  };
  const plans = new Map(
    input.sources.flatMap((s) =>
      s.page.sourcePath && s.references
        ? [[s.page.key, planPageLinks(s.page.sourcePath, s.references, index)] as const]
        : [],
    ),
  );
  const anchorTargets = new Map<string, Set<string>>();
  for (const plan of plans.values()) {
    for (const [target, anchor] of plan.anchorLinks) {
      const set = anchorTargets.get(target) ?? new Set<string>();
      set.add(anchor);
      anchorTargets.set(target, set);
    }
  }
  const limit = createTaskLimit(input.concurrency);
  const used = new Set([...plans.values()].flatMap((plan) => [...plan.attachments.keys()]));
  const described = await Promise.all(
    [...used].sort().map((file) => limit(() => describeLocalFile(input.docsDir, file))),
  );
  const localFiles = new Map(described.map((file) => [file.sourcePath, file]));
  return input.sources.map(({ page, title, parsed }) => {
    const base = { key: page.key, title, ...(page.parentKey ? { parentKey: page.parentKey } : {}) };
    const plan = plans.get(page.key);
    if (!page.sourcePath || !parsed || !plan) return { ...base, storage: childrenMacro(), attachments: [] };
    const context = pageRenderContext(
      {
        sourcePath: page.sourcePath,
        attachments: plan.attachments,
        anchorTargets: anchorTargets.get(page.sourcePath) ?? new Set(),
        warn: (message, line) =>
          input.journal.warn({ kind: 'content', page: located(page.sourcePath, line), message }),
        // A missing link target is a problem of the page, not a failed upload: the spec's soft
        // failures are upload failures, so it is a warning and never changes the exit code.
        fail: (message, line) =>
          input.journal.warn({ kind: 'attachment', page: located(page.sourcePath, line), message }),
      },
      index,
    );
    const storage = pageLayout(renderStorage(parsed, context, input.markdown).storage, title, input.layout);
    const attachments = [...plan.attachments].flatMap(([file, name]) => {
      const local = localFiles.get(file);
      return local ? [{ ...local, name }] : [];
    });
    const labels = pageLabels(parsed.meta);
    return {
      ...base,
      sourcePath: page.sourcePath,
      storage,
      attachments,
      ...(labels.length > 0 ? { labels } : {}),
    };
  });
}
