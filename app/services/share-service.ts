/**
 * Shares: the owner (can_share) gives a user read or write access to a document, found by e-mail
 * address or user id, lists who holds a share, changes a share between read and write, and takes
 * it back. One share per document and user.
 */
import {
  createRepositories,
  DatabaseError,
  type PendingShare,
  type Share,
  type User,
  withTransaction,
} from '../db/index.ts';
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
  /**
   * True when the change is committed but not yet in the directory (unreachable): decisions follow
   * once the relay delivers it. Absent when nothing changed or the change is effective.
   */
  readonly pending?: boolean;
}

/** What a revocation did: `pending` as in {@link GrantedShare.pending}. */
export interface Revocation {
  readonly pending: boolean;
}

/** Who has access to a document, as the caller may know it. */
export interface DocumentStanding {
  /** The owner's display name. */
  readonly ownerName: string;
  /** The caller's own share of the document, if any. */
  readonly sharedAs: Share['permission'] | null;
  /** How many people it is shared with; only for a caller who may share it. */
  readonly shareCount: number | undefined;
}

/** Operations on shares. */
export interface ShareService {
  /** `not_found` for an unknown document or user, `conflict` when the user already has a share. */
  grant(access: Access, input: NewShare): Promise<GrantedShare>;
  /** `not_found` for an unknown document, user or share. */
  revoke(access: Access, documentId: number, email: string): Promise<Revocation>;
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
  /** The owner, the caller's share, and (for who may share) the number of shares; can_read. */
  standing(access: Access, documentId: number): Promise<DocumentStanding>;
  /** The caller gives up their own share; `not_found` when they hold none. */
  leave(access: Access, documentId: number): Promise<void>;
  /**
   * Shares with an address nobody has signed in with yet (can_share); it takes effect at that
   * person's first sign-in. `invalid` when someone already uses the address (grant instead),
   * `conflict` when the address was already invited to the document.
   */
  invite(
    access: Access,
    input: { documentId: number; email: string; permission: Share['permission'] },
  ): Promise<PendingShare>;
  /** The document's pending shares (can_share), by e-mail. */
  pending(access: Access, documentId: number): Promise<PendingShare[]>;
  /** Withdraws a pending share (can_share); `not_found` when there is none for the address. */
  cancelInvite(access: Access, documentId: number, email: string): Promise<void>;
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
  const isPending = async (outboxIds: readonly number[], access: Access) =>
    (await deps.afterCommit(outboxIds, access)) === 'pending';

  /** The document must exist (404) and the caller may share it (403). */
  async function requireShareable(access: Access, documentId: number, field?: string) {
    const document = await repos.documents.get(documentId);
    if (!document) throw notFound('Document', field);
    await access.require('document', documentId, 'can_share');
    return document;
  }

  /**
   * The caller may share the document (403), 404 when it does not exist — read only after a
   * denial: a revocation's route guard has already allowed it.
   */
  async function requireSharing(access: Access, documentId: number): Promise<void> {
    try {
      await access.require('document', documentId, 'can_share');
    } catch (error) {
      if (
        error instanceof ServiceError &&
        error.code === 'forbidden' &&
        !(await repos.documents.get(documentId))
      ) {
        throw notFound('Document');
      }
      throw error;
    }
  }

  return {
    async grant(access, input) {
      signedIn(access);
      if ((input.email === undefined) === (input.userId === undefined)) {
        throw new ServiceError('invalid', 'give exactly one of email or user_id', { field: 'email' });
      }
      const field = input.email === undefined ? 'user_id' : 'email';
      // Both read at once; the document's answer (404, 403) comes first, as when read in turn,
      // and the user's lookup counts, failure included, only once the document is shareable.
      const lookup =
        input.email === undefined
          ? repos.users.get(input.userId as string)
          : repos.users.getByEmail(input.email);
      lookup.catch(() => undefined);
      const document = await requireShareable(access, input.documentId, 'document_id');
      const user = await lookup;
      if (!user) throw notFound('User', field);
      if (user.id === document.ownerId) {
        throw new ServiceError('invalid', 'a document cannot be shared with its owner', { field });
      }
      const granted = { documentId: document.id, userId: user.id, permission: input.permission };
      // One statement: when the share exists, nothing is stored, outbox entry included.
      const { share, outboxIds } = await repos.shares
        .grant(granted, shareGranted(granted))
        .catch((error: unknown) => {
          if (error instanceof DatabaseError && error.code === 'conflict') {
            throw new ServiceError('conflict', 'The document is already shared with this user', {
              cause: error,
            });
          }
          throw error;
        });
      return (await isPending(outboxIds, access)) ? { share, user, pending: true } : { share, user };
    },

    async revoke(access, documentId, email) {
      signedIn(access);
      await requireSharing(access, documentId);
      const user = await repos.users.getByEmail(email);
      if (!user) throw notFound('User', 'email');
      const revoked = await repos.shares.revoke(documentId, user.id, shareRevoked);
      // A document in the trash keeps its shares (they come back with it) and answers as gone.
      if (!revoked) throw notFound((await repos.documents.get(documentId)) ? 'Share' : 'Document');
      return { pending: await isPending(revoked.outboxIds, access) };
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

    async standing(access, documentId) {
      const document = await repos.documents.get(documentId);
      if (!document) throw notFound('Document');
      await access.require('document', documentId, 'can_read');
      const [owner, own, mayShare] = await Promise.all([
        repos.users.get(document.ownerId),
        access.userId === undefined ? undefined : repos.shares.get(documentId, access.userId),
        access.userId === undefined
          ? false
          : access.permissions('document', documentId, ['can_share']).then((held) => held.can_share),
      ]);
      return {
        ownerName: owner?.name ?? 'Unknown',
        sharedAs: own?.permission ?? null,
        shareCount: mayShare ? (await repos.shares.listByDocument(documentId)).length : undefined,
      };
    },

    async leave(access, documentId) {
      const userId = signedIn(access);
      if (!(await repos.documents.get(documentId))) throw notFound('Document');
      await access.require('document', documentId, 'can_read');
      const left = await repos.shares.revoke(documentId, userId, shareRevoked);
      if (!left) throw new ServiceError('not_found', 'You hold no share of this document to leave');
      await deps.afterCommit(left.outboxIds, access);
    },

    async invite(access, input) {
      const invitedBy = signedIn(access);
      await requireShareable(access, input.documentId, 'document_id');
      if (await repos.users.getByEmail(input.email)) {
        throw new ServiceError(
          'invalid',
          'Someone already signs in with this address: share with them directly',
          {
            field: 'email',
          },
        );
      }
      // No directory change: the relation is written when the share is claimed at sign-in.
      return repos.pendingShares
        .create({ documentId: input.documentId, email: input.email, permission: input.permission, invitedBy })
        .catch((error: unknown) => {
          if (error instanceof DatabaseError && error.code === 'conflict') {
            throw new ServiceError('conflict', 'This address is already invited to the document', {
              cause: error,
              field: 'email',
            });
          }
          throw error;
        });
    },

    async pending(access, documentId) {
      signedIn(access);
      await requireShareable(access, documentId);
      return repos.pendingShares.listByDocument(documentId);
    },

    async cancelInvite(access, documentId, email) {
      signedIn(access);
      await requireShareable(access, documentId);
      if (!(await repos.pendingShares.delete(documentId, email))) throw notFound('Invitation', 'email');
    },

    async change(access, documentId, email, permission) {
      signedIn(access);
      await requireShareable(access, documentId);
      const user = await repos.users.getByEmail(email);
      if (!user) throw notFound('User', 'email');
      const { share, outboxIds } = await withTransaction(deps.sql, async (tx) => {
        // Locking the document serializes concurrent changes of its shares, so `before` is current.
        if (!(await tx.documents.getForUpdate(documentId))) throw notFound('Document');
        const before = await tx.shares.get(documentId, user.id);
        if (!before) throw notFound('Share', 'email');
        if (before.permission === permission) return { share: before, outboxIds: [] };
        const after = await tx.shares.update(documentId, user.id, permission);
        if (!after) throw notFound('Share', 'email');
        // The old relation goes and the new one comes in the same transaction as the row.
        const ids = await tx.directoryOutbox.enqueue([...shareRevoked(before), ...shareGranted(after)]);
        return { share: after, outboxIds: ids };
      });
      if (outboxIds.length === 0) return { share, user };
      return (await isPending(outboxIds, access)) ? { share, user, pending: true } : { share, user };
    },
  };
}
