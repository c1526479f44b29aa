/**
 * One page brought in line with the wiki: found by title in the bulk listing of the pages below the
 * parent, created below its parent when missing, updated as a minor edit (version + 1) only when its
 * normalized body, title or parent differ. A create refused because the title exists, or whose
 * outcome is unknown (connection lost), looks the title up before anything else: a page of ours is
 * updated, a page elsewhere in the space is left alone (soft failure). A 409 (someone saved in
 * between) re-reads the page and retries once.
 */
import type { ConvertedPage } from '../convert/index.ts';
import { PublishError } from '../errors.ts';
import { sameStorage } from '../storage/index.ts';
import { hasStatus, type PageWrite, type RemotePage, type WikiApi, WikiRequestError } from '../wiki/index.ts';

import type { RemoteSite } from './remote-site.ts';

/** What syncing a page needs. */
export interface PageSyncContext {
  readonly api: WikiApi;
  readonly remote: RemoteSite;
  readonly space: string;
  readonly rootTitle: string;
  /** Retries of an ambiguous create. */
  readonly retries: number;
  /** Waits the backoff before retry number `retry`. */
  readonly backoff: (retry: number) => Promise<void>;
  /** Reports a comparison that failed (the page is then updated). */
  readonly onComparisonFailure: (page: ConvertedPage, error: unknown) => void;
}

/** The outcome of syncing a page. */
export interface PageSyncResult {
  readonly action: 'created' | 'updated' | 'unchanged';
  readonly page: RemotePage;
}

function isCurrent(
  existing: RemotePage,
  write: PageWrite,
  page: ConvertedPage,
  context: PageSyncContext,
): boolean {
  if (
    existing.title !== write.title ||
    existing.ancestorIds[existing.ancestorIds.length - 1] !== write.parentId
  )
    return false;
  if (existing.storage === undefined) return false;
  try {
    return sameStorage(existing.storage, write.storage);
  } catch (error) {
    context.onComparisonFailure(page, error);
    return false;
  }
}

async function update(existing: RemotePage, write: PageWrite, page: ConvertedPage, context: PageSyncContext) {
  if (isCurrent(existing, write, page, context)) return { action: 'unchanged' as const, page: existing };
  try {
    const updated = await context.api.updatePage(existing.id, write, existing.version + 1);
    return { action: 'updated' as const, page: { ...existing, ...updated } };
  } catch (error) {
    if (!hasStatus(error, 409)) throw error;
    const fresh = await context.api.getPage(existing.id);
    if (isCurrent(fresh, write, page, context)) {
      return {
        action: fresh.version > existing.version ? ('updated' as const) : ('unchanged' as const),
        page: fresh,
      };
    }
    const updated = await context.api.updatePage(existing.id, write, fresh.version + 1);
    return { action: 'updated' as const, page: { ...fresh, ...updated, attachments: existing.attachments } };
  }
}

function conflict(page: ConvertedPage, found: RemotePage, context: PageSyncContext): PublishError {
  return new PublishError(
    'wiki_error',
    `a page titled "${page.title}" already exists in space ${context.space} outside "${context.rootTitle}" (id ${found.id}); rename one of them`,
  );
}

async function create(
  write: PageWrite,
  page: ConvertedPage,
  context: PageSyncContext,
): Promise<PageSyncResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      const created = await context.api.createPage(write);
      const known = { ...created, attachments: [], labels: [] };
      context.remote.remember(known);
      return { action: 'created', page: known };
    } catch (error) {
      if (!(error instanceof WikiRequestError) || error.status === 401) throw error;
      const titleTaken = error.status === 400 && /already exists/i.test(error.message);
      if (!error.transient && !titleTaken) throw error;
      // Either the title exists already (elsewhere, or not yet in the bulk listing) or the create's
      // outcome is unknown (connection lost): look the title up before anything else.
      const found = await context.remote.refresh(write.title);
      if (found && !context.remote.isInside(found)) throw conflict(page, found, context);
      if (found) {
        const result = await update(found, write, page, context);
        return titleTaken ? result : { action: 'created', page: result.page };
      }
      if (titleTaken || attempt >= context.retries) throw error;
      await context.backoff(attempt);
    }
  }
}

/**
 * Creates or updates one page below `parentId`.
 *
 * @example
 * const { action } = await syncPage(page, rootId, context); // 'created' | 'updated' | 'unchanged'
 */
export async function syncPage(
  page: ConvertedPage,
  parentId: string,
  context: PageSyncContext,
): Promise<PageSyncResult> {
  const write: PageWrite = { space: context.space, title: page.title, parentId, storage: page.storage };
  const existing = await context.remote.find(page.title);
  return existing ? update(existing, write, page, context) : create(write, page, context);
}
