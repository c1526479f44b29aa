/**
 * Folders: private to their owner (can_read, can_write and can_delete are the owner's), nested
 * only inside folders the caller may write, deleted only when empty.
 */
import { createRepositories, DatabaseError, type Folder, withTransaction } from '../db/index.ts';
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

/** Operations on folders. */
export interface FolderService {
  /** The caller's folders (as the policy decides), by id. */
  list(access: Access, page?: { readonly afterId?: number; readonly limit?: number }): Promise<FolderPage>;
  get(access: Access, id: number): Promise<Folder>;
  create(access: Access, input: NewFolder): Promise<Folder>;
  update(access: Access, id: number, changes: FolderChanges): Promise<Folder>;
  /** `conflict` while the folder holds documents or folders. */
  remove(access: Access, id: number): Promise<void>;
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
      const ownerId = signedIn(access);
      const limit = page.limit ?? 100;
      const owned = await repos.folders.list({ ownerId, afterId: page.afterId ?? 0, limit });
      const folders = await access.filter('folder', owned, 'can_read');
      const last = owned.at(-1);
      return { folders, nextAfterId: owned.length === limit && last ? last.id : null };
    },

    async get(access, id) {
      const folder = await load(id);
      await access.require('folder', id, 'can_read');
      return folder;
    },

    async create(access, input) {
      const ownerId = signedIn(access);
      if (input.parentFolderId != null) await requireWritableParent(access, input.parentFolderId);
      const folder = await withTransaction(deps.sql, async (tx) => {
        const created = await tx.folders.create({ ...input, ownerId });
        await tx.directoryOutbox.enqueue(folderCreated(created));
        return created;
      });
      await deps.afterCommit();
      return folder;
    },

    async update(access, id, changes) {
      signedIn(access);
      const current = await load(id);
      await access.require('folder', id, 'can_write');
      if (changes.parentFolderId != null && changes.parentFolderId !== current.parentFolderId) {
        await requireWritableParent(access, changes.parentFolderId);
      }
      const { after, relationsChanged } = await withTransaction(deps.sql, async (tx) => {
        const before = await tx.folders.getForUpdate(id);
        const after = before && (await tx.folders.update(id, changes));
        if (!before || !after) throw notFound('Folder');
        const directoryChanges = folderUpdated(before, after);
        await tx.directoryOutbox.enqueue(directoryChanges);
        return { after, relationsChanged: directoryChanges.length > 0 };
      });
      if (relationsChanged) await deps.afterCommit();
      return after;
    },

    async remove(access, id) {
      signedIn(access);
      await load(id);
      await access.require('folder', id, 'can_delete');
      await withTransaction(deps.sql, async (tx) => {
        const deleted = await tx.folders.delete(id);
        if (!deleted) throw notFound('Folder');
        await tx.directoryOutbox.enqueue(folderDeleted(deleted));
      }).catch((error: unknown) => {
        if (error instanceof DatabaseError && error.code === 'still_referenced') {
          throw new ServiceError('conflict', 'The folder is not empty: move or delete what it holds first', {
            cause: error,
          });
        }
        throw error;
      });
      await deps.afterCommit();
    },
  };
}
