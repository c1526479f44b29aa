/**
 * Lists of documents as people browse them: one scope (their own, shared with them, public, or
 * all they can reach), optionally matching a full-text search, sorted by name or by last change,
 * paged with keyset cursors in both directions. The rows are candidates by the data; the policy
 * decides which of them the reader sees (the services filter them).
 */
import type { Queryable } from './connection.ts';
import { DatabaseError, withDatabaseErrors } from './database-error.ts';
import type { DocumentSummary } from './document-repository.ts';
import { MAX_PAGE_SIZE } from './page.ts';
import { documentSharedWith } from './shared-reach.ts';

/** Which documents a list holds, by the data. */
export type DocumentScope = 'own' | 'shared' | 'public' | 'reachable';

/** How a list is ordered: by name (A–Z), or by last change (newest first); ties by id. */
export type DocumentSort = 'name' | 'changed';

/** A position in a list: the sort key and id of a row. */
export interface ListingCursor {
  readonly key: string;
  readonly id: number;
}

/** One page's query. */
export interface ListingQuery {
  /** The reader; `undefined` for a request without a user (only `public` and `reachable` hold rows then). */
  readonly userId: string | undefined;
  readonly scope: DocumentScope;
  readonly sort: DocumentSort;
  /** Words to search for in names and texts (web search syntax: "quoted phrase", -not, or). */
  readonly search?: string;
  /** Rows after this position (mutually exclusive with `before`). */
  readonly after?: ListingCursor;
  /** Rows before this position, still returned in list order. */
  readonly before?: ListingCursor;
  /** 1 … 1000. */
  readonly limit: number;
  /**
   * The documents the directory grants the reader (its graph search): when given, `reachable`
   * holds exactly these and every other scope only these.
   */
  readonly readableIds?: readonly number[];
}

/** Marks the start and end of a match in {@link ListedDocument.headline} (never in stored text). */
export const MATCH_START = '\u0002';
/** See {@link MATCH_START}. */
export const MATCH_END = '\u0003';

/** A row of a list, with who has access as the reader may know it. */
export interface ListedDocument extends DocumentSummary {
  readonly cursor: ListingCursor;
  /** The owner's display name. */
  readonly ownerName: string;
  /** The reader's own share of the document, if any. */
  readonly sharedAs: 'read' | 'write' | null;
  /** How many people the document is shared with (shown to its owner). */
  readonly shareCount: number;
  /** With a search, once the service added it: the name and a passage of the text, matches marked. */
  readonly headline?: SearchHeadline;
}

/** A search's marked name and passage of one document (see {@link MATCH_START}). */
export interface SearchHeadline {
  readonly name: string;
  readonly text: string;
}

/** Statements of the lists. */
export interface DocumentListingRepository {
  /** One page of candidates, without headlines (see {@link DocumentListingRepository.headlines}). */
  page(query: ListingQuery): Promise<ListedDocument[]>;
  /**
   * The headlines of `search` in the live documents `ids` (at most 1000), by id: computed only for
   * the rows a page shows — marking matches in long texts is the costly part of a search.
   */
  headlines(ids: readonly number[], search: string): Promise<Map<number, SearchHeadline>>;
}

type Row = DocumentSummary & {
  ownerName: string;
  sharedAs: 'read' | 'write' | null;
  shareCount: number;
  sort_key: string;
};

/** The list repository over a pool or a transaction. */
export function createDocumentListingRepository(db: Queryable): DocumentListingRepository {
  return {
    page: (query) =>
      withDatabaseErrors('list documents', async () => {
        if (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > MAX_PAGE_SIZE) {
          throw new DatabaseError('invalid', `limit must be an integer from 1 to ${MAX_PAGE_SIZE}`, {
            field: 'limit',
          });
        }
        const user = query.userId;
        const sharedWithUser = documentSharedWith(db, user ?? '');
        const scope =
          user === undefined
            ? query.scope === 'public' || query.scope === 'reachable'
              ? db`d.is_public`
              : db`false`
            : {
                own: db`d.owner_id = ${user}`,
                shared: sharedWithUser,
                public: db`d.is_public AND d.owner_id <> ${user} AND NOT ${sharedWithUser}`,
                reachable: db`(d.is_public OR d.owner_id = ${user} OR ${sharedWithUser})`,
              }[query.scope];
        const granted = query.readableIds
          ? db`d.id = ANY(${db.array([...query.readableIds])}::integer[])`
          : undefined;
        const reach =
          granted && query.scope === 'reachable' ? granted : granted ? db`${granted} AND ${scope}` : scope;
        const tsquery =
          query.search === undefined ? undefined : db`websearch_to_tsquery('english', ${query.search})`;
        const matches = tsquery ? db`AND d.search_vector @@ ${tsquery}` : db``;
        // Keys compare exactly: lower-cased names, and change times to the microsecond as text.
        const key =
          query.sort === 'name'
            ? db`lower(d.name)`
            : db`to_char(d.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
        const ascending = query.sort === 'name';
        const backwards = query.before !== undefined;
        const forwardOrder = ascending !== backwards;
        const cursor = query.after ?? query.before;
        const position = cursor
          ? forwardOrder
            ? db`AND (${key}, d.id) > (${cursor.key}, ${cursor.id})`
            : db`AND (${key}, d.id) < (${cursor.key}, ${cursor.id})`
          : db``;
        const order = forwardOrder ? db`ORDER BY 1 ASC, d.id ASC` : db`ORDER BY 1 DESC, d.id DESC`;
        const rows = await db<Row[]>`
          SELECT ${key} AS sort_key, d.id, d.name, d.owner_id AS "ownerId", d.folder_id AS "folderId",
                 d.is_public AS "isPublic", d.created_at AS "createdAt", d.updated_at AS "updatedAt",
                 (SELECT u.name FROM users u WHERE u.id = d.owner_id) AS "ownerName",
                 (SELECT s.permission FROM shares s WHERE s.document_id = d.id AND s.user_id = ${user ?? ''}) AS "sharedAs",
                 (SELECT count(*)::integer FROM shares s WHERE s.document_id = d.id) AS "shareCount"
          FROM documents d
          WHERE d.trashed_at IS NULL AND ${reach} ${matches} ${position}
          ${order} LIMIT ${query.limit}`;
        const listed = rows.map(({ sort_key, ...summary }) => ({
          ...summary,
          cursor: { key: sort_key, id: summary.id },
        }));
        return backwards ? listed.reverse() : listed;
      }),
    headlines: (ids, search) =>
      withDatabaseErrors('mark search matches', async () => {
        if (ids.length > MAX_PAGE_SIZE) {
          throw new DatabaseError('invalid', `at most ${MAX_PAGE_SIZE} documents`, { field: 'ids' });
        }
        if (ids.length === 0) return new Map();
        const tsquery = db`websearch_to_tsquery('english', ${search})`;
        const marks = `StartSel=${MATCH_START}, StopSel=${MATCH_END}`;
        const rows = await db<{ id: number; name: string; text: string }[]>`
          SELECT d.id, ts_headline('english', d.name, ${tsquery}, ${`${marks}, HighlightAll=true`}) AS name,
                 ts_headline('english', left(d.content, 262144), ${tsquery},
                   ${`${marks}, MaxFragments=2, MaxWords=30, MinWords=10, FragmentDelimiter=" … "`}) AS text
          FROM documents d
          WHERE d.id = ANY(${db.array([...ids])}::integer[]) AND d.trashed_at IS NULL`;
        return new Map(rows.map((row) => [row.id, { name: row.name, text: row.text }]));
      }),
  };
}
