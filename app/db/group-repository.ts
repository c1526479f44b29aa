/**
 * Groups: a named set of users, owned by the user who made it; folders and documents are shared
 * with all its members at once.
 */
import type { Queryable } from './connection.ts';
import { withDatabaseErrors } from './database-error.ts';
import { isRowId } from './page.ts';

/** A group row. */
export interface Group {
  readonly id: number;
  readonly name: string;
  readonly ownerId: string;
  readonly createdAt: Date;
}

/** A member of a group, with the user's address and name. */
export interface GroupMember {
  readonly userId: string;
  readonly email: string;
  readonly name: string;
  readonly addedAt: Date;
}

/** Statements on `groups` and `group_members`. */
export interface GroupRepository {
  /** `conflict` (constraint `groups_name_key`) when the owner has a group of that name. */
  create(group: { readonly name: string; readonly ownerId: string }): Promise<Group>;
  get(id: number): Promise<Group | undefined>;
  /** Returns the deleted group (its members and shares go with it). */
  delete(id: number): Promise<Group | undefined>;
  /** The groups `userId` owns or belongs to, by name (at most `limit`). */
  listFor(userId: string, limit: number): Promise<Group[]>;
  /** The members by e-mail address (at most `limit`). */
  members(groupId: number, limit: number): Promise<GroupMember[]>;
  isMember(groupId: number, userId: string): Promise<boolean>;
  /** `false` when the user already is a member. */
  addMember(groupId: number, userId: string): Promise<boolean>;
  /** `false` when the user was not a member. */
  removeMember(groupId: number, userId: string): Promise<boolean>;
}

type GroupRow = { id: number; name: string; owner_id: string; created_at: Date };

function toGroup(row: GroupRow): Group {
  return { id: row.id, name: row.name, ownerId: row.owner_id, createdAt: row.created_at };
}

/** The group repository over a pool or a transaction. */
export function createGroupRepository(db: Queryable): GroupRepository {
  const columns = db`id, name, owner_id, created_at`;
  return {
    create: (group) =>
      withDatabaseErrors('create group', async () => {
        const [row] = await db<GroupRow[]>`
          INSERT INTO groups (name, owner_id) VALUES (${group.name}, ${group.ownerId}) RETURNING ${columns}`;
        return toGroup(row!);
      }),
    get: (id) =>
      withDatabaseErrors('get group', async () => {
        if (!isRowId(id)) return undefined;
        const [row] = await db<GroupRow[]>`SELECT ${columns} FROM groups WHERE id = ${id}`;
        return row && toGroup(row);
      }),
    delete: (id) =>
      withDatabaseErrors('delete group', async () => {
        if (!isRowId(id)) return undefined;
        const [row] = await db<GroupRow[]>`DELETE FROM groups WHERE id = ${id} RETURNING ${columns}`;
        return row && toGroup(row);
      }),
    listFor: (userId, limit) =>
      withDatabaseErrors('list groups', async () => {
        const rows = await db<GroupRow[]>`
          SELECT ${columns} FROM groups g
          WHERE g.owner_id = ${userId}
             OR EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = g.id AND m.user_id = ${userId})
          ORDER BY lower(g.name), g.id LIMIT ${limit}`;
        return rows.map(toGroup);
      }),
    members: (groupId, limit) =>
      withDatabaseErrors('list group members', async () => {
        if (!isRowId(groupId)) return [];
        const rows = await db<{ user_id: string; email: string; name: string; created_at: Date }[]>`
          SELECT m.user_id, u.email, u.name, m.created_at FROM group_members m JOIN users u ON u.id = m.user_id
          WHERE m.group_id = ${groupId} ORDER BY lower(u.email) LIMIT ${limit}`;
        return rows.map((r) => ({ userId: r.user_id, email: r.email, name: r.name, addedAt: r.created_at }));
      }),
    isMember: (groupId, userId) =>
      withDatabaseErrors('get group member', async () => {
        if (!isRowId(groupId)) return false;
        const rows = await db`
          SELECT 1 FROM group_members WHERE group_id = ${groupId} AND user_id = ${userId}`;
        return rows.length > 0;
      }),
    addMember: (groupId, userId) =>
      withDatabaseErrors('add group member', async () => {
        const rows = await db`
          INSERT INTO group_members (group_id, user_id) VALUES (${groupId}, ${userId})
          ON CONFLICT DO NOTHING RETURNING group_id`;
        return rows.length > 0;
      }),
    removeMember: (groupId, userId) =>
      withDatabaseErrors('remove group member', async () => {
        if (!isRowId(groupId)) return false;
        const rows = await db`
          DELETE FROM group_members WHERE group_id = ${groupId} AND user_id = ${userId} RETURNING group_id`;
        return rows.length > 0;
      }),
  };
}
