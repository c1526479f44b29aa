/**
 * Shares of a folder (with a user or a group) and of a document with a group. The owner (can_share)
 * grants `read` or `write`; a folder share reaches everything inside the folder at any depth, a
 * group share every member of the group — both through the directory, so taking a share back, a
 * member out of a group or a document out of the folder ends the access it gave. A group is named
 * by id, and only one the caller belongs to or owns (others answer as unknown).
 */
import {
  createRepositories,
  DatabaseError,
  type ObjectShare,
  type SharedObject,
  type SharePermission,
  type ShareSubject,
  withTransaction,
} from '../db/index.ts';
import { objectShareChange } from '../directory-sync/index.ts';
import { type Access, signedIn } from './access.ts';
import type { ServiceDeps } from './service-deps.ts';
import { notFound, ServiceError } from './service-error.ts';

/** Who to share with: a user by e-mail address, or a group by id (exactly one). */
export type ShareTarget = { readonly email: string } | { readonly groupId: number };

/** Operations on folder shares and document group shares. */
export interface ObjectShareService {
  /**
   * Shares `object` (can_share); `not_found` for an unknown object, user or group (naming the
   * field), `invalid` for the owner, `conflict` when the subject already holds a share.
   */
  grant(
    access: Access,
    object: SharedObject,
    target: ShareTarget,
    permission: SharePermission,
  ): Promise<ObjectShare>;
  /** The object's shares (can_share). */
  list(access: Access, object: SharedObject): Promise<ObjectShare[]>;
  /** Takes a share back (can_share); `not_found` when there is none. */
  revoke(access: Access, object: SharedObject, target: ShareTarget): Promise<void>;
}

/**
 * The object share service.
 *
 * @example
 * const objectShares = createObjectShareService({ sql, afterCommit: relay.flush });
 * await objectShares.grant(access, { type: 'folder', id: 3 }, { email: 'bob@example.com' }, 'read');
 */
export function createObjectShareService(deps: ServiceDeps): ObjectShareService {
  const repos = createRepositories(deps.sql);

  /** The object must exist (404; a trashed document does not) and the caller may share it (403). */
  async function requireShareable(access: Access, object: SharedObject): Promise<{ ownerId: string }> {
    signedIn(access);
    const found =
      object.type === 'folder' ? await repos.folders.get(object.id) : await repos.documents.get(object.id);
    if (!found) throw notFound(object.type === 'folder' ? 'Folder' : 'Document');
    await access.require(object.type, object.id, 'can_share');
    return found;
  }

  /** The subject named by `target`: a known user, or a group the caller may see. */
  async function subjectOf(access: Access, object: SharedObject, target: ShareTarget): Promise<ShareSubject> {
    if ('email' in target) {
      if (object.type === 'document') {
        throw new ServiceError('invalid', 'share a document with a person through /api/shares', {
          field: 'email',
        });
      }
      const user = await repos.users.getByEmail(target.email);
      if (!user) throw notFound('User', 'email');
      return { type: 'user', id: user.id };
    }
    const group = await repos.groups.get(target.groupId);
    const visible = group && (await access.permissions('group', group.id, ['can_read'])).can_read;
    if (!visible) throw notFound('Group', 'group_id');
    return { type: 'group', id: target.groupId };
  }

  return {
    async grant(access, object, target, permission) {
      const { ownerId } = await requireShareable(access, object);
      const subject = await subjectOf(access, object, target);
      if (subject.type === 'user' && subject.id === ownerId) {
        throw new ServiceError('invalid', 'a folder cannot be shared with its owner', { field: 'email' });
      }
      const { share, outboxIds } = await withTransaction(deps.sql, async (tx) => {
        await tx.objectShares.create(object, subject, permission);
        const share = await tx.objectShares.get(object, subject);
        if (!share) throw notFound('Share');
        const ids = await tx.directoryOutbox.enqueue([
          objectShareChange('setRelation', object, subject, permission),
        ]);
        return { share, outboxIds: ids };
      }).catch((error: unknown) => {
        if (error instanceof DatabaseError && error.code === 'conflict') {
          const whom = subject.type === 'user' ? 'this person' : 'this group';
          throw new ServiceError('conflict', `The ${object.type} is already shared with ${whom}`, {
            cause: error,
            field: subject.type === 'user' ? 'email' : 'group_id',
          });
        }
        // The object or group went away between the checks and the insert.
        if (error instanceof DatabaseError && error.code === 'missing_reference') {
          throw new ServiceError(
            'not_found',
            `${object.type === 'folder' ? 'Folder' : 'Document'} or group not found`,
            { cause: error },
          );
        }
        throw error;
      });
      await deps.afterCommit(outboxIds, access);
      return share;
    },

    async list(access, object) {
      await requireShareable(access, object);
      return repos.objectShares.listByObject(object);
    },

    async revoke(access, object, target) {
      await requireShareable(access, object);
      let subject: ShareSubject;
      if ('email' in target) {
        const user = await repos.users.getByEmail(target.email);
        if (!user) throw notFound('Share', 'email');
        subject = { type: 'user', id: user.id };
      } else {
        subject = { type: 'group', id: target.groupId };
      }
      const outboxIds = await withTransaction(deps.sql, async (tx) => {
        const revoked = await tx.objectShares.delete(object, subject);
        if (!revoked) throw notFound('Share', 'email' in target ? 'email' : 'group_id');
        return tx.directoryOutbox.enqueue([
          objectShareChange('deleteRelation', object, subject, revoked.permission),
        ]);
      });
      await deps.afterCommit(outboxIds, access);
    },
  };
}
