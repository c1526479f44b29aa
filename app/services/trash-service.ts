/**
 * The trash: a deleted document stays restorable by its owner for {@link TRASH_RETENTION_DAYS}
 * days, then it is purged. Restoring and deleting for good need can_delete (the owner), like
 * deleting. While a document is in the trash its directory relations stay as they were (a restore
 * needs no directory round trip and cannot half-fail), but the data layer shows it to no other
 * path: reading, listing, searching, sharing and editing all answer as if it did not exist. Purging
 * removes the relations with the row.
 */
import { type Clock, systemClock } from '@gatehousejs/core';
import { createRepositories, type Document, type TrashedDocument, withTransaction } from '../db/index.ts';
import { documentDeleted } from '../directory-sync/index.ts';
import { type Access, signedIn } from './access.ts';
import type { ServiceDeps } from './service-deps.ts';
import { notFound } from './service-error.ts';

/** How long a document stays in the trash. */
export const TRASH_RETENTION_DAYS = 30;

const RETENTION_MS = TRASH_RETENTION_DAYS * 86_400_000;

/** Documents purged per transaction by {@link TrashService.purgeExpired}. */
const PURGE_BATCH = 100;

/** Default and largest page of {@link TrashService.list}. */
export const TRASH_PAGE = { default: 100, max: 1000 } as const;

/** When a document trashed at `trashedAt` is purged. */
export function purgeDate(trashedAt: Date): Date {
  return new Date(trashedAt.getTime() + RETENTION_MS);
}

/** A page of the caller's trash. */
export interface TrashPage {
  readonly items: readonly TrashedDocument[];
  /** Pass as `afterId` for the next page; `null` when this page is the last. */
  readonly nextAfterId: number | null;
}

/** Operations on the trash. */
export interface TrashService {
  /** The caller's trashed documents (those the policy lets them delete), by id. */
  list(access: Access, page?: { readonly afterId?: number; readonly limit?: number }): Promise<TrashPage>;
  /** One trashed document, to confirm deleting it for good (can_delete). */
  get(access: Access, id: number): Promise<TrashedDocument>;
  /** Makes a trashed document live again, where it was (can_delete). */
  restore(access: Access, id: number): Promise<Document>;
  /** Deletes a trashed document, its shares and versions for good (can_delete). */
  purge(access: Access, id: number): Promise<void>;
  /** Purges every document trashed longer than the retention ago; resolves to how many. */
  purgeExpired(): Promise<number>;
}

/**
 * The trash service; `deps.clock` (default: the system clock) says when documents expire.
 *
 * @example
 * const trash = createTrashService({ sql, afterCommit: relay.flush });
 * await trash.restore(access, 7);
 */
export function createTrashService(deps: ServiceDeps): TrashService {
  const repos = createRepositories(deps.sql);
  const clock: Clock = deps.clock ?? systemClock;
  const since = () => new Date(clock.now() - RETENTION_MS);

  /** The trashed document, when the caller may delete it. */
  async function owned(access: Access, id: number): Promise<TrashedDocument> {
    signedIn(access);
    const trashed = await repos.trash.get(id, since());
    if (!trashed) throw notFound('Document in the trash');
    await access.require('document', id, 'can_delete');
    return trashed;
  }

  return {
    async list(access, page = {}) {
      const ownerId = signedIn(access);
      const limit = page.limit ?? TRASH_PAGE.default;
      const items = await repos.trash.list({ ownerId, since: since(), afterId: page.afterId, limit });
      const allowed = await access.filter('document', items, 'can_delete');
      const last = items.at(-1);
      return { items: allowed, nextAfterId: items.length === limit && last ? last.id : null };
    },

    get: owned,

    async restore(access, id) {
      await owned(access, id);
      const restored = await withTransaction(deps.sql, async (tx) => {
        if (!(await tx.trash.restore(id))) throw notFound('Document in the trash');
        return tx.documents.get(id);
      });
      if (!restored) throw notFound('Document in the trash');
      return restored;
    },

    async purge(access, id) {
      await owned(access, id);
      const outboxIds = await withTransaction(deps.sql, async (tx) => {
        const purged = await tx.trash.purge(id);
        if (!purged) throw notFound('Document in the trash');
        return tx.directoryOutbox.enqueue(documentDeleted(purged));
      });
      await deps.afterCommit(outboxIds, access);
    },

    async purgeExpired() {
      let purged = 0;
      for (;;) {
        const batch = await withTransaction(deps.sql, async (tx) => {
          const expired = await tx.trash.purgeExpired(since(), PURGE_BATCH);
          if (expired.length > 0) await tx.directoryOutbox.enqueue(expired.flatMap(documentDeleted));
          return expired.length;
        });
        purged += batch;
        if (batch < PURGE_BATCH) break;
      }
      if (purged > 0) await deps.afterCommit();
      return purged;
    },
  };
}
