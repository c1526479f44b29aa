/**
 * Lists of documents as people browse them — the start page's sections and search — each paged on
 * its own and truthfully: the rows come from the data (scope, search, sort) among the documents
 * the directory grants the reader (one graph search), the policy decides which the reader sees
 * (can_read, as for every read), and "next" and "previous" are offered only
 * when a readable document lies in that direction.
 */
import {
  createRepositories,
  type DocumentScope,
  type DocumentSort,
  type ListedDocument,
  type ListingCursor,
  type ListingQuery,
} from '../db/index.ts';
import type { Access } from './access.ts';
import { decodeCursor, encodeCursor } from './listing-cursor.ts';
import { readableDocumentIds } from './readable-documents.ts';
import type { ServiceDeps } from './service-deps.ts';
import { ServiceError } from './service-error.ts';

/** What to list. */
export interface ListingRequest {
  readonly scope: DocumentScope;
  /** Default `changed`. */
  readonly sort?: DocumentSort;
  /** Full-text search words (1–200 characters). */
  readonly search?: string;
  /** A link's `after` parameter (from {@link ListingPage.next}). */
  readonly after?: string;
  /** A link's `before` parameter (from {@link ListingPage.previous}). */
  readonly before?: string;
  /** 1–100, default 20. */
  readonly limit?: number;
}

/** One page of a list. */
export interface ListingPage {
  readonly items: readonly ListedDocument[];
  /** The `after` parameter of the next page; `null` when nothing readable follows. */
  readonly next: string | null;
  /** The `before` parameter of the previous page; `null` when nothing readable precedes. */
  readonly previous: string | null;
}

/** Browsing documents. */
export interface ListingService {
  /** `invalid` (naming the field) for a bad search, limit or link. */
  page(access: Access, request: ListingRequest): Promise<ListingPage>;
}

/** Default and largest page of {@link ListingService.page}. */
export const LISTING_PAGE = { default: 20, max: 100 } as const;

/** Longest search text. */
export const MAX_SEARCH_LENGTH = 200;

/**
 * The listing service.
 *
 * @example
 * const listing = createListingService({ sql, afterCommit });
 * const page = await listing.page(access, { scope: 'reachable', search: 'budget' });
 */
export function createListingService(deps: ServiceDeps): ListingService {
  const repos = createRepositories(deps.sql);

  /** Readable rows from `from` in one direction, until `wanted` are found or the list ends. */
  async function readable(
    access: Access,
    base: Omit<ListingQuery, 'after' | 'before' | 'limit'>,
    direction: 'after' | 'before',
    from: ListingCursor | undefined,
    wanted: number,
  ): Promise<ListedDocument[]> {
    const found: ListedDocument[] = [];
    const batch = Math.min(Math.max(wanted, 10), 1000);
    let position = from;
    for (;;) {
      const rows = await repos.documentListing.page({ ...base, [direction]: position, limit: batch });
      const allowed = await access.filter('document', rows, 'can_read', base.readableIds?.length);
      // Backwards, rows arrive in list order: the nearest ones are last.
      if (direction === 'after') found.push(...allowed);
      else found.unshift(...allowed);
      const edge = direction === 'after' ? rows.at(-1) : rows[0];
      if (found.length >= wanted || rows.length < batch || !edge) return found;
      position = edge.cursor;
    }
  }

  /** The rows shown, with their search headlines (none for the rows fetched only to probe). */
  async function withHeadlines(
    items: ListedDocument[],
    search: string | undefined,
  ): Promise<ListedDocument[]> {
    if (search === undefined || items.length === 0) return items;
    const headlines = await repos.documentListing.headlines(
      items.map((item) => item.id),
      search,
    );
    return items.map((item) => {
      const headline = headlines.get(item.id);
      return headline ? { ...item, headline } : item;
    });
  }

  return {
    async page(access, request) {
      const limit = request.limit ?? LISTING_PAGE.default;
      if (!Number.isInteger(limit) || limit < 1 || limit > LISTING_PAGE.max) {
        throw new ServiceError('invalid', `limit must be a whole number from 1 to ${LISTING_PAGE.max}`, {
          field: 'limit',
        });
      }
      const search = request.search?.trim();
      if (
        search !== undefined &&
        (search === '' || search.length > MAX_SEARCH_LENGTH || search.includes('\u0000'))
      ) {
        throw new ServiceError('invalid', `q: enter 1 to ${MAX_SEARCH_LENGTH} characters to search for`, {
          field: 'q',
        });
      }
      if (request.after !== undefined && request.before !== undefined) {
        throw new ServiceError('invalid', 'give at most one of after and before', { field: 'before' });
      }
      // One graph search per page: the list then runs over the documents the directory grants.
      const readableIds = await readableDocumentIds(deps.graph, access);
      const base = {
        userId: access.userId,
        scope: request.scope,
        sort: request.sort ?? 'changed',
        search,
        ...(readableIds ? { readableIds } : {}),
      };
      if (request.before !== undefined) {
        const before = decodeCursor(request.before, 'before');
        const found = await readable(access, base, 'before', before, limit + 1);
        const items = found.slice(-limit);
        const first = items[0];
        const after = items.at(-1)?.cursor ?? before;
        const more = (await readable(access, base, 'after', after, 1)).length > 0;
        return {
          items: await withHeadlines(items, search),
          previous: found.length > limit && first ? encodeCursor(first.cursor) : null,
          next: more ? encodeCursor(after) : null,
        };
      }
      const after = request.after === undefined ? undefined : decodeCursor(request.after, 'after');
      const found = await readable(access, base, 'after', after, limit + 1);
      const items = found.slice(0, limit);
      const last = items.at(-1);
      const start = items[0]?.cursor ?? after;
      const earlier = start !== undefined && (await readable(access, base, 'before', start, 1)).length > 0;
      return {
        items: await withHeadlines(items, search),
        next: found.length > limit && last ? encodeCursor(last.cursor) : null,
        previous: earlier && start ? encodeCursor(start) : null,
      };
    },
  };
}
