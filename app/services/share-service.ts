/**
 * Shares: the owner (can_share) gives a user read or write access to a document, found by e-mail
 * address or user id, and takes it back. One share per document and user.
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
  };
}
