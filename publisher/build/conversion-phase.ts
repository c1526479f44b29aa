/**
 * Phase 4 (MkDocs `on_page_content`): every page rendered to storage format with the whole site
 * known — page links by final title, anchors where links point, attachments named and hashed.
 * Generated section pages list their children.
 */

import {
  type ConvertedPage,
  pageRenderContext,
  planPageLinks,
  renderStorage,
  type SiteIndex,
} from '../convert/index.ts';
import { createTaskLimit } from '../parallel/index.ts';
import type { BuildJournal } from '../report/index.ts';
import { describeLocalFile } from '../site/index.ts';
import { childrenMacro } from '../storage/index.ts';
import type { PageSource } from './markdown-phase.ts';

/** What the conversion phase needs. */
export interface ConversionInput {
  readonly sources: readonly PageSource[];
  readonly docsDir: string;
  readonly files: ReadonlySet<string>;
  readonly concurrency: number;
  readonly journal: BuildJournal;
}

/** Runs the conversion phase. */
export async function convertPages(input: ConversionInput): Promise<ConvertedPage[]> {
  const index: SiteIndex = {
    pageTitles: new Map(
      input.sources.flatMap((s) => (s.page.sourcePath && s.parsed ? [[s.page.sourcePath, s.title]] : [])),
    ),
    fileExists: (docsPath) => input.files.has(docsPath),
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
        admonitions: parsed.admonitions,
        attachments: plan.attachments,
        anchorTargets: anchorTargets.get(page.sourcePath) ?? new Set(),
        warn: (message) => input.journal.warn({ kind: 'content', page: page.sourcePath, message }),
        fail: (message) => {
          input.journal.attachment('failed', title, '');
          input.journal.fail({ kind: 'attachment', page: page.sourcePath, message });
        },
      },
      index,
    );
    const storage = renderStorage(parsed, context);
    const attachments = [...plan.attachments].flatMap(([file, name]) => {
      const local = localFiles.get(file);
      return local ? [{ ...local, name }] : [];
    });
    return { ...base, sourcePath: page.sourcePath, storage, attachments };
  });
}
