/**
 * The access log as its owner reads it: the decisions about one document (who, what, allowed or
 * denied, when, why), newest first, paged and filtered by outcome and person; shown to who may
 * share the document (its owner). Entries older than the retention are purged.
 */
import { type Clock, systemClock } from '@gatehousejs/core';
import { createRepositories, type StoredAccessLogEntry } from '../db/index.ts';
import { type Access, signedIn } from './access.ts';
import type { ServiceDeps } from './service-deps.ts';
import { notFound } from './service-error.ts';

/** Default and largest page of {@link AccessLogService.page}. */
export const ACCESS_LOG_PAGE = { default: 50, max: 500 } as const;

/** Entries deleted per statement by {@link AccessLogService.purgeExpired}. */
const PURGE_BATCH = 5000;

/** What to read. */
export interface AccessLogRequest {
  /** Entries older than this entry id (the previous page's `nextBefore`). */
  readonly before?: number;
  readonly limit?: number;
  readonly outcome?: 'allowed' | 'denied';
  /** Only this person's decisions (by e-mail address). */
  readonly email?: string;
}

/** A page of the access log. */
export interface AccessLogPage {
  readonly entries: readonly StoredAccessLogEntry[];
  /** Pass as `before` for older entries; `null` when this page is the last. */
  readonly nextBefore: number | null;
}

/** Reading and expiring the access log. */
export interface AccessLogService {
  /** `not_found` for an unknown document (or person filtered by); `forbidden` without can_share. */
  page(access: Access, documentId: number, request?: AccessLogRequest): Promise<AccessLogPage>;
  /** Deletes entries older than `retentionDays`; resolves to how many. */
  purgeExpired(retentionDays: number): Promise<number>;
}

/**
 * The access log service.
 *
 * @example
 * const log = createAccessLogService({ sql, afterCommit });
 * const { entries } = await log.page(access, 7, { outcome: 'denied' });
 */
export function createAccessLogService(deps: ServiceDeps): AccessLogService {
  const repos = createRepositories(deps.sql);
  const clock: Clock = deps.clock ?? systemClock;
  return {
    async page(access, documentId, request = {}) {
      signedIn(access);
      if (!(await repos.documents.get(documentId))) throw notFound('Document');
      await access.require('document', documentId, 'can_share');
      const limit = request.limit ?? ACCESS_LOG_PAGE.default;
      let userId: string | undefined;
      if (request.email !== undefined) {
        const user = await repos.users.getByEmail(request.email);
        if (!user) return { entries: [], nextBefore: null };
        userId = user.id;
      }
      const entries = await repos.accessLog.page({
        documentId,
        beforeId: request.before,
        limit,
        ...(request.outcome ? { allowed: request.outcome === 'allowed' } : {}),
        ...(userId ? { userId } : {}),
      });
      const last = entries.at(-1);
      return { entries, nextBefore: entries.length === limit && last ? last.id : null };
    },

    async purgeExpired(retentionDays) {
      const before = new Date(clock.now() - retentionDays * 86_400_000);
      let purged = 0;
      for (;;) {
        const batch = await repos.accessLog.purgeBefore(before, PURGE_BATCH);
        purged += batch;
        if (batch === 0) return purged;
      }
    },
  };
}
