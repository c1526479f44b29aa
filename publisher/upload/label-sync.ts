/**
 * Labels from the front matter (`tags`, `labels`) added to a page when it lacks them; labels are
 * never removed. REST v2 lists pages without their labels, so they are read only for pages that
 * carry some. A failure is soft.
 */
import type { ConvertedPage } from '../convert/index.ts';
import type { TaskLimit } from '../parallel/index.ts';
import type { BuildJournal } from '../report/index.ts';
import type { RemotePage, WikiApi } from '../wiki/index.ts';

/** What syncing labels needs. */
export interface LabelSyncContext {
  readonly api: WikiApi;
  readonly limit: TaskLimit;
  readonly journal: BuildJournal;
}

/** Adds the labels the page's front matter asks for and the page lacks. */
export async function syncLabels(
  page: ConvertedPage,
  remote: RemotePage,
  context: LabelSyncContext,
): Promise<void> {
  if (!page.labels || page.labels.length === 0) return;
  try {
    const have = new Set(remote.labels ?? (await context.limit(() => context.api.listLabels(remote.id))));
    const missing = page.labels.filter((label) => !have.has(label));
    if (missing.length === 0) return;
    await context.limit(() => context.api.addLabels(remote.id, missing));
  } catch (error) {
    context.journal.fail({
      kind: 'page',
      page: page.title,
      message: `labels not added: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}
