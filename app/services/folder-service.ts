/**
 * Folders: their owner's, and shared by the owner with people and groups (see the object share
 * service; what a folder share gives reaches everything inside), nested
 * only inside folders the caller may write, named uniquely among their siblings, deleted only when
 * empty.
 */
import {
  createRepositories,
  DatabaseError,
  type DocumentSummary,
  type Folder,
  withTransaction,
} from '../db/index.ts';
import { folderCreated, folderDeleted, folderUpdated } from '../directory-sync/index.ts';
import { type Access, signedIn } from './access.ts';
import type { ServiceDeps } from './service-deps.ts';
import { notFound, ServiceError } from './service-error.ts';

/** A new folder; `parentFolderId` default none (top level). */
export interface NewFolder {
  readonly name: string;
  readonly parentFolderId?: number | null;
}

/** Changes to a folder; absent fields stay. */
export interface FolderChanges {
  readonly name?: string;
  readonly parentFolderId?: number | null;
}

/** A page of the folders the caller may read. */
export interface FolderPage {
  readonly folders: readonly Folder[];
  /** Pass as `afterId` for the next page; `null` when this page is the last. */
  readonly nextAfterId: number | null;
}

/** A folder as a place: where it is, and what it holds that the caller may read. */
export interface FolderContents {
  readonly folder: Folder;
  /** The folders above it, outermost first. */
  readonly path: readonly Folder[];
  /** Its subfolders by name (the first 1000). */
  readonly folders: readonly Folder[];
  /** Its documents by name, without content (the first 1000). */
  readonly documents: readonly DocumentSummary[];
  /** Whether it holds nothing at all (only an empty folder can be deleted). */
  readonly empty: boolean;
}

/** Largest number of subfolders and documents {@link FolderService.contents} returns. */
export const FOLDER_CONTENTS_LIMIT = 1000;

/** Operations on folders. */
export interface FolderService {
  /** The folders the caller owns or was given (as the policy decides), by id. */
  list(access: Access, page?: { readonly afterId?: number; readonly limit?: number }): Promise<FolderPage>;
  get(access: Access, id: number): Promise<Folder>;
  /** The folder with its path and what it holds (can_read on the folder; items filtered by can_read). */
  contents(access: Access, id: number): Promise<FolderContents>;
  /** `conflict` (field `name`) when a sibling already has the name. */
  create(access: Access, input: NewFolder): Promise<Folder>;
  /** `conflict` (field `name`) when the new place already holds a folder of that name. */
  update(access: Access, id: number, changes: FolderChanges): Promise<Folder>;
  /** `conflict` while the folder holds documents or folders. */
  remove(access: Access, id: number): Promise<void>;
}

/** A name taken by a sibling, as the service reports it. */
function nameTaken(error: unknown): unknown {
  if (
    error instanceof DatabaseError &&
    error.code === 'conflict' &&
    error.constraint === 'folders_name_key'
  ) {
    return new ServiceError('conflict', 'There is already a folder with this name in that place', {
      cause: error,
      field: 'name',
    });
  }
  return error;
}

/**
 * The folder service.
 *
 * @example
 * const folders = createFolderService({ sql, afterCommit: relay.flush });
 * const folder = await folders.create(access, { name: 'Reports' });
 */
export function createFolderService(deps: ServiceDeps): FolderService {
  const repos = createRepositories(deps.sql);

  async function load(id: number): Promise<Folder> {
    const folder = await repos.folders.get(id);
    if (!folder) throw notFound('Folder');
    return folder;
  }

  async function requireWritableParent(access: Access, parentFolderId: number): Promise<void> {
    if (!(await repos.folders.get(parentFolderId))) throw notFound('Folder', 'parent_folder_id');
    await access.require('folder', parentFolderId, 'can_write');
  }

  return {
    async list(access, page = {}) {
      const userId = signedIn(access);
      const limit = page.limit ?? 100;
      const owned = await repos.folders.list({ visibleTo: userId, afterId: page.afterId ?? 0, limit });
      const folders = await access.filter('folder', owned, 'can_read');
      const last = owned.at(-1);
      return { folders, nextAfterId: owned.length === limit && last ? last.id : null };
    },

    async get(access, id) {
      const folder = await load(id);
      await access.require('folder', id, 'can_read');
      return folder;
    },

    async contents(access, id) {
      const folder = await load(id);
      await access.require('folder', id, 'can_read');
      const limit = FOLDER_CONTENTS_LIMIT;
      const [path, subfolders, documents] = await Promise.all([
        repos.folders.ancestors(id),
        repos.folders.list({ parentFolderId: id, limit }),
        repos.documents.list({ folderId: id, limit }),
      ]);
      const byName = <T extends { readonly name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
      return {
        folder,
        path: await access.filter('folder', path, 'can_read'),
        folders: (await access.filter('folder', subfolders, 'can_read')).sort(byName),
        documents: (await access.filter('document', documents, 'can_read'))
          .map(({ content: _content, ...summary }) => summary)
          .sort(byName),
        empty: subfolders.length === 0 && documents.length === 0,
      };
    },
    async create(access, input) {
      const ownerId = signedIn(access);
      if (input.parentFolderId != null) await requireWritableParent(access, input.parentFolderId);
      const { created, outboxIds } = await withTransaction(deps.sql, async (tx) => {
        const created = await tx.folders.create({ ...input, ownerId });
        return { created, outboxIds: await tx.directoryOutbox.enqueue(folderCreated(created)) };
      }).catch((error: unknown) => {
        throw nameTaken(error);
      });
      await deps.afterCommit(outboxIds, access);
      return created;
    },

    async update(access, id, changes) {
      signedIn(access);
      const current = await load(id);
      await access.require('folder', id, 'can_write');
      if (changes.parentFolderId != null && changes.parentFolderId !== current.parentFolderId) {
        await requireWritableParent(access, changes.parentFolderId);
      }
      const { after, outboxIds } = await withTransaction(deps.sql, async (tx) => {
        const before = await tx.folders.getForUpdate(id);
        const after = before && (await tx.folders.update(id, changes));
        if (!before || !after) throw notFound('Folder');
        return { after, outboxIds: await tx.directoryOutbox.enqueue(folderUpdated(before, after)) };
      }).catch((error: unknown) => {
        throw nameTaken(error);
      });
      if (outboxIds.length > 0) await deps.afterCommit(outboxIds, access);
      return after;
    },

    async remove(access, id) {
      signedIn(access);
      await load(id);
      await access.require('folder', id, 'can_delete');
      const outboxIds = await withTransaction(deps.sql, async (tx) => {
        const deleted = await tx.folders.delete(id);
        if (!deleted) throw notFound('Folder');
        return tx.directoryOutbox.enqueue(folderDeleted(deleted));
      }).catch((error: unknown) => {
        if (error instanceof DatabaseError && error.code === 'still_referenced') {
          throw new ServiceError('conflict', 'The folder is not empty: move or delete what it holds first', {
            cause: error,
          });
        }
        throw error;
      });
      await deps.afterCommit(outboxIds, access);
    },
  };
}
