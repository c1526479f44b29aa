/**
 * One page brought in line with the wiki: found by identity, then title, in the bulk listing of the
 * pages below the parent, created below its parent when missing (then given its identity property),
 * updated as a minor edit (version + 1) only when its normalized body, title or parent differ — and
 * only when the current version is the publisher's own: a version written in the wiki is kept (the
 * page is `protected`) unless `overwrite` is set. A create refused because the title exists, or
 * whose outcome is unknown (connection lost), looks the title up before anything else: a page of
 * ours is updated, a page elsewhere in the space is left alone (soft failure). A 409 (someone saved
 * in between) re-reads the page and retries once.
 */
import type { ConvertedPage } from '../convert/index.ts';
import { PublishError } from '../errors.ts';
import { sameStorage } from '../storage/index.ts';
import { hasStatus, type PageWrite, type RemotePage, type WikiApi, WikiRequestError } from '../wiki/index.ts';

import { identityOf, writtenByPublisher } from './page-ownership.ts';
import type { RemoteSite } from './remote-site.ts';

/** What syncing a page needs. */
export interface PageSyncContext {
  readonly api: WikiApi;
  readonly remote: RemoteSite;
  readonly space: string;
  readonly rootTitle: string;
  /** Update pages whose current version was written in the wiki. */
  readonly overwrite: boolean;
  /** Retries of an ambiguous create. */
  readonly retries: number;
  /** Waits the backoff before retry number `retry`. */
  readonly backoff: (retry: number) => Promise<void>;
  /** Reports a comparison that failed (the page is then updated). */
  readonly onComparisonFailure: (page: ConvertedPage, error: unknown) => void;
}

/** The outcome of syncing a page. */
export interface PageSyncResult {
  readonly action: 'created' | 'updated' | 'unchanged' | 'protected';
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

/** Gives the page its identity property when it lacks it or names another source (a renamed file). */
async function claim(
  result: PageSyncResult,
  page: ConvertedPage,
  context: PageSyncContext,
): Promise<PageSyncResult> {
  const known = result.page.identity;
  // An unchanged page whose identity was not listed (REST v2) is left as it is: no reads for it.
  if (result.action === 'protected' || (known === undefined && result.action === 'unchanged')) return result;
  const identity = known === undefined ? await identityOf(result.page, context.api) : known;
  if (identity?.source === page.key) return { ...result, page: { ...result.page, identity } };
  const written = await context.api.writeIdentity(result.page.id, page.key, identity);
  const claimed = { ...result.page, identity: written };
  context.remote.remember(claimed, page.key);
  return { ...result, page: claimed };
}

async function mayOverwrite(existing: RemotePage, context: PageSyncContext): Promise<RemotePage | undefined> {
  if (context.overwrite) return existing;
  const { ours, identity } = await writtenByPublisher(existing, context.api);
  if (!ours) return undefined;
  return identity === undefined ? existing : { ...existing, identity };
}

async function update(
  existing: RemotePage,
  write: PageWrite,
  page: ConvertedPage,
  context: PageSyncContext,
): Promise<PageSyncResult> {
  if (isCurrent(existing, write, page, context)) return { action: 'unchanged', page: existing };
  const writable = await mayOverwrite(existing, context);
  if (!writable) return { action: 'protected', page: existing };
  try {
    const updated = await context.api.updatePage(existing.id, write, writable.version + 1);
    return { action: 'updated', page: { ...writable, ...updated } };
  } catch (error) {
    if (!hasStatus(error, 409)) throw error;
    const fresh = await context.api.getPage(existing.id);
    if (isCurrent(fresh, write, page, context)) {
      return { action: fresh.version > existing.version ? 'updated' : 'unchanged', page: fresh };
    }
    const current = await mayOverwrite({ ...fresh, identity: writable.identity }, context);
    if (!current) return { action: 'protected', page: fresh };
    const updated = await context.api.updatePage(existing.id, write, fresh.version + 1);
    return { action: 'updated', page: { ...current, ...updated, attachments: existing.attachments } };
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
      context.remote.remember(known, page.key);
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
  const existing = await context.remote.find(page);
  const result = existing ? await update(existing, write, page, context) : await create(write, page, context);
  return claim(result, page, context);
}
