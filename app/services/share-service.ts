/**
 * Shares: the owner (can_share) gives a user read or write access to a document, found by e-mail
 * address or user id, lists who holds a share, changes a share between read and write, and takes
 * it back. One share per document and user.
 */
import { createRepositories, DatabaseError, type Share, type User, withTransaction } from '../db/index.ts';
import { shareGranted, shareRevoked } from '../directory-sync/index.ts';
import { type Access, signedIn } from './access.ts';
import type { ServiceDeps } from './service-deps.ts';
import { notFound, ServiceError } from './service-error.ts';

/** A share to grant: the user by `email` or by `userId` (exactly one). */
export interface NewShare {
  readonly documentId: number;
  readonly email?: string;
  readonly userId?: string;
  readonly permission: Share['permission'];
}

/** A granted share with its user. */
export interface GrantedShare {
  readonly share: Share;
  readonly user: User;
}

/** Operations on shares. */
export interface ShareService {
  /** `not_found` for an unknown document or user, `conflict` when the user already has a share. */
  grant(access: Access, input: NewShare): Promise<GrantedShare>;
  /** `not_found` for an unknown document, user or share. */
  revoke(access: Access, documentId: number, email: string): Promise<void>;
  /** The document's shares with their users, by e-mail; `not_found` for an unknown document. */
  list(access: Access, documentId: number): Promise<GrantedShare[]>;
  /**
   * Changes a share to `permission` (read ↔ write); `not_found` for an unknown document, user or
   * share. Changing a share to the permission it has is a no-op.
   */
  change(
    access: Access,
    documentId: number,
    email: string,
    permission: Share['permission'],
  ): Promise<GrantedShare>;
}

/**
 * The share service.
 *
 * @example
 * const shares = createShareService({ sql, afterCommit: relay.flush });
 * await shares.grant(access, { documentId: 7, email: 'bob@example.com', permission: 'read' });
 */
export function createShareService(deps: ServiceDeps): ShareService {
  const repos = createRepositories(deps.sql);

  /** The document must exist (404) and the caller may share it (403). */
  async function requireShareable(access: Access, documentId: number, field?: string) {
    const document = await repos.documents.get(documentId);
    if (!document) throw notFound('Document', field);
    await access.require('document', documentId, 'can_share');
    return document;
  }

  return {
    async grant(access, input) {
      signedIn(access);
      if ((input.email === undefined) === (input.userId === undefined)) {
        throw new ServiceError('invalid', 'give exactly one of email or user_id', { field: 'email' });
      }
      const document = await requireShareable(access, input.documentId, 'document_id');
      const field = input.email === undefined ? 'user_id' : 'email';
      const user =
        input.email === undefined
          ? await repos.users.get(input.userId as string)
          : await repos.users.getByEmail(input.email);
      if (!user) throw notFound('User', field);
      if (user.id === document.ownerId) {
        throw new ServiceError('invalid', 'a document cannot be shared with its owner', { field });
      }
      const share = await withTransaction(deps.sql, async (tx) => {
        const created = await tx.shares.create({
          documentId: document.id,
          userId: user.id,
          permission: input.permission,
        });
        await tx.directoryOutbox.enqueue(shareGranted(created));
        return created;
      }).catch((error: unknown) => {
        if (error instanceof DatabaseError && error.code === 'conflict') {
          throw new ServiceError('conflict', 'The document is already shared with this user', {
            cause: error,
          });
        }
        throw error;
      });
      await deps.afterCommit();
      return { share, user };
    },

    async revoke(access, documentId, email) {
      signedIn(access);
      await requireShareable(access, documentId);
      const user = await repos.users.getByEmail(email);
      if (!user) throw notFound('User', 'email');
      await withTransaction(deps.sql, async (tx) => {
        const deleted = await tx.shares.delete(documentId, user.id);
        if (!deleted) throw notFound('Share');
        await tx.directoryOutbox.enqueue(shareRevoked(deleted));
      });
      await deps.afterCommit();
    },

    async list(access, documentId) {
      signedIn(access);
      await requireShareable(access, documentId);
      const shares = await repos.shares.listByDocument(documentId);
      const granted = await Promise.all(
        shares.map(async (share) => {
          const user = await repos.users.get(share.userId);
          return user && { share, user };
        }),
      );
      return granted
        .filter((g): g is GrantedShare => g !== undefined)
        .sort((a, b) => a.user.email.localeCompare(b.user.email));
    },

    async change(access, documentId, email, permission) {
      signedIn(access);
      await requireShareable(access, documentId);
      const user = await repos.users.getByEmail(email);
      if (!user) throw notFound('User', 'email');
      const { share, changed } = await withTransaction(deps.sql, async (tx) => {
        // Locking the document serializes concurrent changes of its shares, so `before` is current.
        if (!(await tx.documents.getForUpdate(documentId))) throw notFound('Document');
        const before = await tx.shares.get(documentId, user.id);
        if (!before) throw notFound('Share', 'email');
        if (before.permission === permission) return { share: before, changed: false };
        const after = await tx.shares.update(documentId, user.id, permission);
        if (!after) throw notFound('Share', 'email');
        // The old relation goes and the new one comes in the same transaction as the row.
        await tx.directoryOutbox.enqueue([...shareRevoked(before), ...shareGranted(after)]);
        return { share: after, changed: true };
      });
      if (changed) await deps.afterCommit();
      return { share, user };
    },
  };
}
