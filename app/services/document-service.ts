/**
 * Documents: the rules of the rules table in one place, for every entry point. Reading needs
 * can_read, editing can_write, deleting can_delete, publishing (is_public) can_share (the owner:
 * a write share edits name and content, it does not publish), moving between folders can_share
 * too, and a document may only be placed in a folder the caller may write. Every change commits with its directory changes.
 */
import { systemClock } from '@gatehousejs/core';
import {
  createRepositories,
  type Document,
  type DocumentSaveResult,
  type DocumentSummary,
  type DocumentUpdate,
  type DocumentVersion,
  type DocumentVersionSummary,
  withTransaction,
} from '../db/index.ts';
import { documentCreated, documentUpdated } from '../directory-sync/index.ts';
import { type Access, PERMISSIONS, type Permission, signedIn } from './access.ts';
import { readableDocumentIds } from './readable-documents.ts';
import type { ServiceDeps } from './service-deps.ts';
import { notFound, ServiceError, StaleRevisionError } from './service-error.ts';

/** A new document; `content` default `''`, `isPublic` default false, `folderId` default none. */
export interface NewDocument {
  readonly name: string;
  readonly content?: string;
  readonly folderId?: number | null;
  readonly isPublic?: boolean;
}

/** Changes to a document; absent fields stay. */
export interface DocumentChanges {
  readonly name?: string;
  readonly content?: string;
  readonly folderId?: number | null;
  readonly isPublic?: boolean;
  /**
   * The revision the changes were made from (the `ETag` or the edit form's hidden field): when the
   * document has changed since, nothing is saved ({@link StaleRevisionError}). Absent: the changes
   * apply to whatever is current.
   */
  readonly expectedRevision?: number;
}

/** A page of the documents the caller may read. */
export interface DocumentPage {
  readonly documents: readonly DocumentSummary[];
  /** Pass as `afterId` for the next page; `null` when this page is the last. */
  readonly nextAfterId: number | null;
}

/** Operations on documents. */
export interface DocumentService {
  /** The documents the caller may read (owned, shared, public — as the policy decides), by id. */
  list(access: Access, page?: { readonly afterId?: number; readonly limit?: number }): Promise<DocumentPage>;
  get(access: Access, id: number): Promise<Document>;
  create(access: Access, input: NewDocument): Promise<Document>;
  update(access: Access, id: number, changes: DocumentChanges): Promise<Document>;
  /** Moves the document to the trash (can_delete); see the trash service. */
  remove(access: Access, id: number): Promise<void>;
  /** Who saved which version when, newest first (can_read). */
  history(access: Access, id: number): Promise<DocumentVersionSummary[]>;
  /** One saved version (can_read); `not_found` (field `version`) for a version that does not exist. */
  version(access: Access, id: number, version: number): Promise<DocumentVersion>;
  /** Makes an old version's name and text current again, as a new version (can_write). */
  restore(access: Access, id: number, version: number): Promise<Document>;
  /** Which permissions the caller holds on the document (a query: never refused for lack of them). */
  permissions(access: Access, id: number): Promise<Record<Permission, boolean>>;
}

/** Default and largest page of {@link DocumentService.list}. */
export const DOCUMENT_PAGE = { default: 100, max: 1000 } as const;

/**
 * The document service.
 *
 * @example
 * const documents = createDocumentService({ sql, afterCommit: relay.flush });
 * const doc = await documents.create(access, { name: 'Plan' });
 */
export function createDocumentService(deps: ServiceDeps): DocumentService {
  const repos = createRepositories(deps.sql);
  const clock = deps.clock ?? systemClock;

  async function load(id: number): Promise<Document> {
    const document = await repos.documents.get(id);
    if (!document) throw notFound('Document');
    return document;
  }

  /** `require` on a document, answering 404 rather than 403 when it does not exist (as `load` first). */
  async function requireOnDocument(access: Access, id: number, permission: Permission): Promise<void> {
    try {
      await access.require('document', id, permission);
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'forbidden') await load(id);
      throw error;
    }
  }

  /** The folder must exist (404) and be writable by the caller (403). */
  async function requireWritableFolder(access: Access, folderId: number): Promise<void> {
    if (!(await repos.folders.get(folderId))) throw notFound('Folder', 'folder_id');
    await access.require('folder', folderId, 'can_write');
  }

  /** The saved document's change, or the refusal of a save that was not made from the current revision. */
  function savedOrStale(result: DocumentSaveResult | undefined, expected?: number): DocumentUpdate {
    if (!result) throw notFound('Document');
    if ('stale' in result) throw new StaleRevisionError(result.stale, expected ?? result.stale.revision);
    return result;
  }

  const service: DocumentService = {
    async list(access, page = {}) {
      const limit = page.limit ?? DOCUMENT_PAGE.default;
      const readable: DocumentSummary[] = [];
      let afterId = page.afterId ?? 0;
      const readableIds = await readableDocumentIds(deps.graph, access);
      for (;;) {
        const candidates = await repos.documents.listAccessible({
          userId: access.userId,
          afterId,
          limit,
          ...(readableIds ? { readableIds } : {}),
        });
        readable.push(...(await access.filter('document', candidates, 'can_read', readableIds?.length)));
        const last = candidates.at(-1);
        if (readable.length >= limit || candidates.length < limit || !last) break;
        afterId = last.id;
      }
      const documents = readable.slice(0, limit);
      return {
        documents,
        nextAfterId: documents.length === limit ? (documents.at(-1)?.id ?? null) : null,
      };
    },

    async get(access, id) {
      const document = await load(id);
      await access.require('document', id, 'can_read');
      return document;
    },

    async create(access, input) {
      const ownerId = signedIn(access);
      if (input.folderId != null) await requireWritableFolder(access, input.folderId);
      const { created, outboxIds } = await withTransaction(deps.sql, async (tx) => {
        const created = await tx.documents.create({ ...input, ownerId });
        const [, outboxIds] = await Promise.all([
          tx.documentVersions.record(created.id, 1, created, ownerId),
          tx.directoryOutbox.enqueue(documentCreated(created)),
        ]);
        return { created, outboxIds };
      });
      await deps.afterCommit(outboxIds, access);
      return created;
    },

    async update(access, id, changes) {
      const userId = signedIn(access);
      if (changes.folderId === undefined && changes.isPublic === undefined) {
        // Name and text only: nothing changes in the directory, so one statement suffices.
        await requireOnDocument(access, id, 'can_write');
        return savedOrStale(
          await repos.documents.update(id, changes, userId, changes.expectedRevision),
          changes.expectedRevision,
        ).after;
      }
      const current = await load(id);
      await access.require('document', id, 'can_write');
      if (changes.isPublic !== undefined && changes.isPublic !== current.isPublic) {
        await access.require('document', id, 'can_share');
      }
      if (changes.folderId !== undefined && changes.folderId !== current.folderId) {
        // Moving is the owner's, like publishing: a write share must not take the document out
        // of the owner's folder (into the holder's own, where the owner no longer finds it).
        await access.require('document', id, 'can_share');
        if (changes.folderId !== null) await requireWritableFolder(access, changes.folderId);
      }
      const { after, outboxIds } = await withTransaction(deps.sql, async (tx) => {
        // The outbox entries follow from the row as it was when locked, not as read above.
        const saved = savedOrStale(
          await tx.documents.update(id, changes, userId, changes.expectedRevision),
          changes.expectedRevision,
        );
        return {
          after: saved.after,
          outboxIds: await tx.directoryOutbox.enqueue(documentUpdated(saved.before, saved.after)),
        };
      });
      if (outboxIds.length > 0) await deps.afterCommit(outboxIds, access);
      return after;
    },

    async remove(access, id) {
      const userId = signedIn(access);
      await load(id);
      await access.require('document', id, 'can_delete');
      const trashed = await repos.trash.trash(id, userId, new Date(clock.now()));
      if (!trashed) throw notFound('Document');
    },

    async history(access, id) {
      await load(id);
      await access.require('document', id, 'can_read');
      return repos.documentVersions.list(id);
    },
    async version(access, id, version) {
      await load(id);
      await access.require('document', id, 'can_read');
      const found = await repos.documentVersions.get(id, version);
      if (!found) throw notFound('Version', 'version');
      return found;
    },
    async restore(access, id, version) {
      const old = await service.version(access, id, version);
      return service.update(access, id, { name: old.name, content: old.content });
    },
    async permissions(access, id) {
      await load(id);
      return access.permissions('document', id, PERMISSIONS);
    },
  };
  return service;
}
