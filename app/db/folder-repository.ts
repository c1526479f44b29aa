/**
 * Folders: named, owned, optionally nested (no cycles, at most 32 levels, enforced by the schema).
 */
import type { Queryable } from './connection.ts';
import { DatabaseError, withDatabaseErrors } from './database-error.ts';
import { isRowId, type Page, resolvePage } from './page.ts';
import { foldersReachedBy } from './shared-reach.ts';

/** A folder row. */
export interface Folder {
  readonly id: number;
  readonly name: string;
  readonly ownerId: string;
  readonly parentFolderId: number | null;
  readonly createdAt: Date;
}

/** A new folder. */
export interface FolderInput {
  readonly name: string;
  readonly ownerId: string;
  readonly parentFolderId?: number | null;
}

/** Fields of a folder that may change; absent fields stay as they are. */
export interface FolderPatch {
  readonly name?: string;
  readonly parentFolderId?: number | null;
}

/** Filters of {@link FolderRepository.list}; `parentFolderId: null` lists top-level folders. */
export interface FolderFilter extends Page {
  readonly ownerId?: string;
  /** Folders this user owns or was given: shared with them (directly or through a group) or inside one. */
  readonly visibleTo?: string;
  readonly parentFolderId?: number | null;
}

/** Statements on `folders`. */
export interface FolderRepository {
  create(folder: FolderInput): Promise<Folder>;
  get(id: number): Promise<Folder | undefined>;
  /** Reads and locks the row until the transaction ends (use within `withTransaction`). */
  getForUpdate(id: number): Promise<Folder | undefined>;
  /** `undefined` when the folder does not exist. */
  update(id: number, patch: FolderPatch): Promise<Folder | undefined>;
  /** Returns the deleted folder; `still_referenced` while it holds documents or folders. */
  delete(id: number): Promise<Folder | undefined>;
  /** Ordered by id. */
  list(filter?: FolderFilter): Promise<Folder[]>;
  /** The folders above `id`, outermost first (empty for a top-level or unknown folder). */
  ancestors(id: number): Promise<Folder[]>;
}

type FolderRow = {
  id: number;
  name: string;
  owner_id: string;
  parent_folder_id: number | null;
  created_at: Date;
};

function toFolder(row: FolderRow): Folder {
  return {
    id: row.id,
    name: row.name,
    ownerId: row.owner_id,
    parentFolderId: row.parent_folder_id,
    createdAt: row.created_at,
  };
}

function checkParent(parentFolderId: number | null | undefined): void {
  if (parentFolderId != null && !isRowId(parentFolderId)) {
    throw new DatabaseError('invalid', 'parent_folder_id must be a folder id', { field: 'parent_folder_id' });
  }
}

/** The folder repository over a pool or a transaction. */
export function createFolderRepository(db: Queryable): FolderRepository {
  const get = (id: number) =>
    withDatabaseErrors('get folder', async () => {
      if (!isRowId(id)) return undefined;
      const [row] = await db<FolderRow[]>`
        SELECT id, name, owner_id, parent_folder_id, created_at FROM folders WHERE id = ${id}`;
      return row && toFolder(row);
    });
  return {
    getForUpdate: (id) =>
      withDatabaseErrors('lock folder', async () => {
        if (!isRowId(id)) return undefined;
        const [row] = await db<FolderRow[]>`
          SELECT id, name, owner_id, parent_folder_id, created_at FROM folders WHERE id = ${id} FOR UPDATE`;
        return row && toFolder(row);
      }),
    create: (folder) =>
      withDatabaseErrors('create folder', async () => {
        checkParent(folder.parentFolderId);
        const [row] = await db<FolderRow[]>`
          INSERT INTO folders (name, owner_id, parent_folder_id)
          VALUES (${folder.name}, ${folder.ownerId}, ${folder.parentFolderId ?? null})
          RETURNING id, name, owner_id, parent_folder_id, created_at`;
        return toFolder(row!);
      }),
    get,
    update: (id, patch) =>
      withDatabaseErrors('update folder', async () => {
        checkParent(patch.parentFolderId);
        if (!isRowId(id)) return undefined;
        const columns: Record<string, string | number | null> = {};
        if (patch.name !== undefined) columns.name = patch.name;
        if (patch.parentFolderId !== undefined) columns.parent_folder_id = patch.parentFolderId;
        if (Object.keys(columns).length === 0) return get(id);
        const [row] = await db<FolderRow[]>`
          UPDATE folders SET ${db(columns)} WHERE id = ${id}
          RETURNING id, name, owner_id, parent_folder_id, created_at`;
        return row && toFolder(row);
      }),
    delete: (id) =>
      withDatabaseErrors('delete folder', async () => {
        if (!isRowId(id)) return undefined;
        const [row] = await db<FolderRow[]>`
          DELETE FROM folders WHERE id = ${id} RETURNING id, name, owner_id, parent_folder_id, created_at`;
        return row && toFolder(row);
      }),
    ancestors: (id) =>
      withDatabaseErrors('list folder ancestors', async () => {
        if (!isRowId(id)) return [];
        // The schema bounds nesting at 32 levels and forbids cycles, so the recursion ends.
        const rows = await db<(FolderRow & { depth: number })[]>`
          WITH RECURSIVE up (id, name, owner_id, parent_folder_id, created_at, depth) AS (
            SELECT p.id, p.name, p.owner_id, p.parent_folder_id, p.created_at, 1
            FROM folders f JOIN folders p ON p.id = f.parent_folder_id WHERE f.id = ${id}
            UNION ALL
            SELECT p.id, p.name, p.owner_id, p.parent_folder_id, p.created_at, up.depth + 1
            FROM up JOIN folders p ON p.id = up.parent_folder_id WHERE up.depth < 64
          )
          SELECT id, name, owner_id, parent_folder_id, created_at, depth FROM up ORDER BY depth DESC`;
        return rows.map(toFolder);
      }),
    list: (filter = {}) =>
      withDatabaseErrors('list folders', async () => {
        const { limit, offset, afterId } = resolvePage(filter);
        checkParent(filter.parentFolderId);
        const owner = filter.ownerId === undefined ? db`` : db`AND owner_id = ${filter.ownerId}`;
        const visible =
          filter.visibleTo === undefined
            ? db``
            : db`AND (owner_id = ${filter.visibleTo} OR id IN (${foldersReachedBy(db, filter.visibleTo)}))`;
        const parent =
          filter.parentFolderId === undefined
            ? db``
            : filter.parentFolderId === null
              ? db`AND parent_folder_id IS NULL`
              : db`AND parent_folder_id = ${filter.parentFolderId}`;
        const rows = await db<FolderRow[]>`
          SELECT id, name, owner_id, parent_folder_id, created_at FROM folders
          WHERE id > ${afterId} ${owner} ${visible} ${parent} ORDER BY id LIMIT ${limit} OFFSET ${offset}`;
        return rows.map(toFolder);
      }),
  };
}
