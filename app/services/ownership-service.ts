/**
 * Giving a document or a folder to another user. Only the owner gives (the policies' can_share,
 * and the row's owner in the same transaction that changes it); the new owner holds everything an
 * owner holds at once. The old owner keeps nothing by the transfer itself — what they still reach
 * comes from other grants (a group, a share of a folder above, a public document) or from what the
 * new owner shares with them afterwards. The rows and the directory changes that mirror them
 * commit together (the outbox), so the two can never disagree for long, nor half-change.
 */
import { createRepositories, DatabaseError, type User, withTransaction } from '../db/index.ts';
import { ownershipTransferred } from '../directory-sync/index.ts';
import { type Access, signedIn } from './access.ts';
import type { ServiceDeps } from './service-deps.ts';
import { notFound, ServiceError } from './service-error.ts';

/** What was given. */
export type OwnedObject = { readonly type: 'document' | 'folder'; readonly id: number };

/** A transfer's outcome. */
export interface TransferResult {
  /** The new owner. */
  readonly owner: User;
  /** How many documents and folders changed hands (a folder's contents of the old owner's included). */
  readonly documents: number;
  readonly folders: number;
}

/** Ownership transfers. */
export interface OwnershipService {
  /** Gives `object` to the user with address `email` (the caller must own it). */
  transfer(access: Access, object: OwnedObject, email: string): Promise<TransferResult>;
}

const NAMES = { document: 'Document', folder: 'Folder' } as const;

/**
 * The ownership service.
 *
 * @example
 * await createOwnershipService({ sql, afterCommit }).transfer(access, { type: 'document', id: 7 }, 'bob@example.com');
 */
export function createOwnershipService(deps: ServiceDeps): OwnershipService {
  const repos = createRepositories(deps.sql);

  async function exists(object: OwnedObject): Promise<boolean> {
    return object.type === 'document'
      ? (await repos.documents.get(object.id)) !== undefined
      : (await repos.folders.get(object.id)) !== undefined;
  }

  return {
    async transfer(access, object, email) {
      const from = signedIn(access);
      if (!(await exists(object))) throw notFound(NAMES[object.type]);
      await access.require(object.type, object.id, 'can_share');
      const owner = await repos.users.getByEmail(email);
      if (!owner) throw notFound('User', 'email');
      if (owner.id === from) {
        throw new ServiceError('invalid', `email: you already own this ${object.type}`, { field: 'email' });
      }
      try {
        const { transfer, outboxIds } = await withTransaction(deps.sql, async (tx) => {
          const transfer =
            object.type === 'document'
              ? await tx.ownership.transferDocument(object.id, from, owner.id)
              : await tx.ownership.transferFolder(object.id, from, owner.id);
          // Not the recorded owner (any more): someone else's, or given away a moment ago.
          if (!transfer) {
            throw new ServiceError('forbidden', `Only the owner can give this ${object.type} away`);
          }
          const changes = ownershipTransferred(object, from, owner.id, transfer);
          return { transfer, outboxIds: await tx.directoryOutbox.enqueue(changes) };
        });
        // Tells `access` when the change is stored but not yet effective (the answer says so).
        await deps.afterCommit(outboxIds, access);
        return { owner, documents: transfer.documentIds.length, folders: transfer.folderIds.length };
      } catch (error) {
        if (error instanceof DatabaseError && error.code === 'conflict') {
          throw new ServiceError(
            'conflict',
            `${owner.name} already has a folder of this name in the same place: rename it first`,
            { field: 'email', cause: error },
          );
        }
        throw error;
      }
    },
  };
}
