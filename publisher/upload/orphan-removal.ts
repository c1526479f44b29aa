/**
 * Pages below the parent page that the site no longer has, archived or deleted as `on_orphan` says
 * (by default they are only reported), deepest first. A failure is soft.
 */
import type { BuildJournal } from '../report/index.ts';
import type { PublishConfig } from '../settings/index.ts';
import type { RemotePage, WikiSession } from '../wiki/index.ts';

/** Archives or deletes the pages the site no longer has, as `on_orphan` says. */
export async function removeOrphans(
  orphans: readonly RemotePage[],
  input: { readonly config: PublishConfig; readonly wiki: WikiSession; readonly journal: BuildJournal },
): Promise<void> {
  const { config, wiki, journal } = input;
  if (config.onOrphan === 'report' || orphans.length === 0) return;
  try {
    if (config.onOrphan === 'archive') await wiki.api.archivePages(orphans.map((page) => page.id));
    else for (const page of orphans) await wiki.api.deletePage(page.id);
    for (const page of orphans)
      journal.info(
        `${config.onOrphan === 'archive' ? 'archived' : 'deleted'} page "${page.title}" (no longer in the site)`,
      );
  } catch (error) {
    journal.fail({
      kind: 'page',
      message: `pages no longer in the site were not all ${config.onOrphan}d: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}
