/**
 * Groups: any signed-in user makes a group and is its owner; the owner adds and removes members
 * (found by e-mail address) and deletes the group; members and the owner see the group and who is
 * in it. Sharing a folder or a document with a group reaches every member; a removed member loses
 * what the group gave at once.
 */
import {
  createRepositories,
  DatabaseError,
  type Group,
  type GroupMember,
  withTransaction,
} from '../db/index.ts';
import { groupCreated, groupDeleted, memberChange } from '../directory-sync/index.ts';
import { type Access, signedIn } from './access.ts';
import type { ServiceDeps } from './service-deps.ts';
import { notFound, ServiceError } from './service-error.ts';

/** Largest number of groups {@link GroupService.list} returns, and of members listed. */
export const GROUP_LIST_LIMIT = 1000;

/** A group with its members, as its owner and members see it. */
export interface GroupDetails {
  readonly group: Group;
  readonly ownerEmail: string;
  readonly members: readonly GroupMember[];
  /** Whether the caller may manage it (the owner). */
  readonly manageable: boolean;
}

/** Operations on groups. */
export interface GroupService {
  /** `conflict` (field `name`) when the caller already has a group of that name. */
  create(access: Access, name: string): Promise<Group>;
  /** The groups the caller owns or belongs to, by name. */
  list(access: Access): Promise<Group[]>;
  /** The group with its members (can_read: the owner and members); `not_found` for an unknown id. */
  get(access: Access, id: number): Promise<GroupDetails>;
  /** Deletes the group and every share it held (can_delete: the owner). */
  remove(access: Access, id: number): Promise<void>;
  /** Adds the user with this address (can_write); `not_found` (field `email`), `conflict` when a member. */
  addMember(access: Access, id: number, email: string): Promise<GroupMember>;
  /** Removes the member (can_write); `not_found` (field `email`) when not a member. */
  removeMember(access: Access, id: number, email: string): Promise<void>;
}

/**
 * The group service.
 *
 * @example
 * const groups = createGroupService({ sql, afterCommit: relay.flush });
 * const team = await groups.create(access, 'Editors');
 * await groups.addMember(access, team.id, 'bob@example.com');
 */
export function createGroupService(deps: ServiceDeps): GroupService {
  const repos = createRepositories(deps.sql);

  async function load(access: Access, id: number, permission: 'can_read' | 'can_write' | 'can_delete') {
    signedIn(access);
    const group = await repos.groups.get(id);
    if (!group) throw notFound('Group');
    await access.require('group', id, permission);
    return group;
  }

  async function memberByEmail(email: string) {
    const user = await repos.users.getByEmail(email);
    if (!user) throw notFound('User', 'email');
    return user;
  }

  return {
    async create(access, name) {
      const ownerId = signedIn(access);
      const { group, outboxIds } = await withTransaction(deps.sql, async (tx) => {
        const group = await tx.groups.create({ name, ownerId });
        return { group, outboxIds: await tx.directoryOutbox.enqueue(groupCreated(group)) };
      }).catch((error: unknown) => {
        if (error instanceof DatabaseError && error.code === 'conflict') {
          throw new ServiceError('conflict', 'You already have a group with this name', {
            cause: error,
            field: 'name',
          });
        }
        throw error;
      });
      await deps.afterCommit(outboxIds, access);
      return group;
    },

    async list(access) {
      const userId = signedIn(access);
      const candidates = await repos.groups.listFor(userId, GROUP_LIST_LIMIT);
      return access.filter('group', candidates, 'can_read');
    },

    async get(access, id) {
      const group = await load(access, id, 'can_read');
      const [owner, members, held] = await Promise.all([
        repos.users.get(group.ownerId),
        repos.groups.members(id, GROUP_LIST_LIMIT),
        access.permissions('group', id, ['can_write']),
      ]);
      return { group, ownerEmail: owner?.email ?? '', members, manageable: held.can_write };
    },

    async remove(access, id) {
      await load(access, id, 'can_delete');
      const outboxIds = await withTransaction(deps.sql, async (tx) => {
        const shares = await tx.objectShares.listByGroup(id);
        const deleted = await tx.groups.delete(id);
        if (!deleted) throw notFound('Group');
        return tx.directoryOutbox.enqueue(groupDeleted(deleted, shares));
      });
      await deps.afterCommit(outboxIds, access);
    },

    async addMember(access, id, email) {
      await load(access, id, 'can_write');
      const user = await memberByEmail(email);
      const outboxIds = await withTransaction(deps.sql, async (tx) => {
        if (!(await tx.groups.addMember(id, user.id))) {
          throw new ServiceError('conflict', 'This person is already a member of the group', {
            field: 'email',
          });
        }
        return tx.directoryOutbox.enqueue([memberChange('setRelation', id, user.id)]);
      }).catch((error: unknown) => {
        if (error instanceof DatabaseError && error.code === 'missing_reference') throw notFound('Group');
        throw error;
      });
      await deps.afterCommit(outboxIds, access);
      return { userId: user.id, email: user.email, name: user.name, addedAt: new Date() };
    },

    async removeMember(access, id, email) {
      await load(access, id, 'can_write');
      const user = await memberByEmail(email);
      const outboxIds = await withTransaction(deps.sql, async (tx) => {
        if (!(await tx.groups.removeMember(id, user.id))) throw notFound('Member', 'email');
        return tx.directoryOutbox.enqueue([memberChange('deleteRelation', id, user.id)]);
      });
      await deps.afterCommit(outboxIds, access);
    },
  };
}
