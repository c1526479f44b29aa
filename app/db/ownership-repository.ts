/**
 * Giving a document or a folder to another user: the rows that change hands, in statements meant
 * to run in one transaction with the directory changes that mirror them. The object leaves its
 * folder unless the new owner owns that folder (the old owner's folder would otherwise keep
 * granting the old owner everything inside it); the new owner's own share of what changes hands
 * ends (an owner holds no share of their own). A folder goes with everything of the old owner's
 * inside it, at any depth — its folders and its documents, in the trash too; what others own
 * inside stays theirs.
 */
import type { Queryable } from './connection.ts';
import { withDatabaseErrors } from './database-error.ts';
import { isRowId } from './page.ts';

/** A share that ended because its holder became the owner. */
export interface EndedShare {
  readonly objectType: 'document' | 'folder';
  readonly objectId: number;
  readonly permission: 'read' | 'write';
}

/** What a transfer changed, for the directory. */
export interface OwnershipTransfer {
  /** The document or folder given, with the folder it was in before and is in now. */
  readonly top: { readonly parentBefore: number | null; readonly parentAfter: number | null };
  /** Every folder that changed hands (the given folder first, for a folder). */
  readonly folderIds: readonly number[];
  /** Every document that changed hands. */
  readonly documentIds: readonly number[];
  /** The new owner's shares that ended. */
  readonly endedShares: readonly EndedShare[];
}

/** Statements of ownership transfers (run each in a transaction). */
export interface OwnershipRepository {
  /** Gives the live document `id` owned by `from` to `to`; `undefined` when `from` owns no such document. */
  transferDocument(id: number, from: string, to: string): Promise<OwnershipTransfer | undefined>;
  /** Gives folder `id` owned by `from`, with everything of `from`'s inside, to `to`; `undefined` when `from` owns no such folder. */
  transferFolder(id: number, from: string, to: string): Promise<OwnershipTransfer | undefined>;
}

/** The ownership repository over a transaction. */
export function createOwnershipRepository(db: Queryable): OwnershipRepository {
  /** The folder the object stays in: its own when the new owner owns it, else none. */
  async function parentAfter(parent: number | null, to: string): Promise<number | null> {
    if (parent === null) return null;
    const [kept] = await db`SELECT id FROM folders WHERE id = ${parent} AND owner_id = ${to}`;
    return kept ? parent : null;
  }

  async function endShares(to: string, documentIds: number[], folderIds: number[]): Promise<EndedShare[]> {
    const documents = await db<{ id: number; permission: 'read' | 'write' }[]>`
      DELETE FROM shares WHERE user_id = ${to} AND document_id = ANY(${documentIds}::int[])
      RETURNING document_id AS id, permission`;
    const folders = await db<{ id: number; permission: 'read' | 'write' }[]>`
      DELETE FROM folder_shares WHERE user_id = ${to} AND folder_id = ANY(${folderIds}::int[])
      RETURNING folder_id AS id, permission`;
    return [
      ...documents.map((s) => ({
        objectType: 'document' as const,
        objectId: s.id,
        permission: s.permission,
      })),
      ...folders.map((s) => ({ objectType: 'folder' as const, objectId: s.id, permission: s.permission })),
    ];
  }

  return {
    transferDocument: (id, from, to) =>
      withDatabaseErrors('transfer document', async () => {
        if (!isRowId(id)) return undefined;
        const [document] = await db<{ folder_id: number | null }[]>`
          SELECT folder_id FROM documents
          WHERE id = ${id} AND owner_id = ${from} AND trashed_at IS NULL FOR UPDATE`;
        if (!document) return undefined;
        const parent = await parentAfter(document.folder_id, to);
        // The share goes before the owner changes: the table refuses a share held by the owner.
        const endedShares = await endShares(to, [id], []);
        await db`
          UPDATE documents SET owner_id = ${to}, folder_id = ${parent}, revision = revision + 1
          WHERE id = ${id}`;
        return {
          top: { parentBefore: document.folder_id, parentAfter: parent },
          folderIds: [],
          documentIds: [id],
          endedShares,
        };
      }),

    transferFolder: (id, from, to) =>
      withDatabaseErrors('transfer folder', async () => {
        if (!isRowId(id)) return undefined;
        const [folder] = await db<{ parent_folder_id: number | null }[]>`
          SELECT parent_folder_id FROM folders WHERE id = ${id} AND owner_id = ${from} FOR UPDATE`;
        if (!folder) return undefined;
        const parent = await parentAfter(folder.parent_folder_id, to);
        const subtree = await db<{ id: number }[]>`
          WITH RECURSIVE inside (id) AS (
            SELECT ${id}::int
            UNION ALL
            SELECT f.id FROM folders f JOIN inside i ON f.parent_folder_id = i.id
          )
          SELECT f.id FROM folders f JOIN inside i ON i.id = f.id
          WHERE f.owner_id = ${from} ORDER BY f.id = ${id} DESC, f.id FOR UPDATE OF f`;
        const allInside = await db<{ id: number }[]>`
          WITH RECURSIVE inside (id) AS (
            SELECT ${id}::int
            UNION ALL
            SELECT f.id FROM folders f JOIN inside i ON f.parent_folder_id = i.id
          )
          SELECT id FROM inside`;
        const folderIds = subtree.map((f) => f.id);
        const documents = await db<{ id: number }[]>`
          SELECT id FROM documents
          WHERE owner_id = ${from} AND folder_id = ANY(${allInside.map((f) => f.id)}::int[])
          ORDER BY id FOR UPDATE`;
        const documentIds = documents.map((d) => d.id);
        const endedShares = await endShares(to, documentIds, folderIds);
        await db`UPDATE folders SET parent_folder_id = ${parent} WHERE id = ${id}`;
        await db`UPDATE folders SET owner_id = ${to} WHERE id = ANY(${folderIds}::int[])`;
        await db`
          UPDATE documents SET owner_id = ${to}, revision = revision + 1 WHERE id = ANY(${documentIds}::int[])`;
        return {
          top: { parentBefore: folder.parent_folder_id, parentAfter: parent },
          folderIds,
          documentIds,
          endedShares,
        };
      }),
  };
}
