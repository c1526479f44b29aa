/**
 * Groups and shares of folders and of documents with groups, on the wire.
 */
import { z } from '@hono/zod-openapi';
import type { Group, GroupMember, ObjectShare } from '../db/index.ts';
import { emailField, type GroupDetails, nameField, permissionField, rowIdField } from '../services/index.ts';
import { idInPath } from './common-wire.ts';

/** A group. */
export const groupSchema = z
  .object({ id: z.int(), name: z.string(), owner_id: z.string(), created_at: z.iso.datetime() })
  .openapi('Group');

/** A member of a group. */
export const memberSchema = z
  .object({ user_id: z.string(), email: z.string(), name: z.string(), added_at: z.iso.datetime() })
  .openapi('GroupMember');

/** A group with its members. */
export const groupDetailsSchema = groupSchema
  .extend({ owner_email: z.string(), members: z.array(memberSchema), manageable: z.boolean() })
  .openapi('GroupDetails');

/** `POST /api/groups`. */
export const newGroupSchema = z.strictObject({ name: nameField }).openapi('NewGroup');

/** `POST /api/groups/{id}/members`. */
export const newMemberSchema = z.strictObject({ email: emailField }).openapi('NewGroupMember');

/** `{ id, email }` path parameters. */
export const memberParams = z.strictObject({
  id: idInPath.openapi({ param: { name: 'id', in: 'path' }, example: '7' }),
  email: emailField.openapi({ param: { name: 'email', in: 'path' } }),
});

/** `{ id, group_id }` path parameters. */
export const groupShareParams = z.strictObject({
  id: idInPath.openapi({ param: { name: 'id', in: 'path' }, example: '42' }),
  group_id: idInPath.openapi({ param: { name: 'group_id', in: 'path' }, example: '7' }),
});

/** `POST /api/folders/{id}/shares`: a person by `email` or a group by `group_id` (exactly one). */
export const newFolderShareSchema = z
  .strictObject({
    email: emailField.optional(),
    group_id: rowIdField.optional(),
    permission: permissionField,
  })
  .refine((o) => (o.email === undefined) !== (o.group_id === undefined), {
    message: 'give exactly one of email or group_id',
    path: ['email'],
  })
  .openapi('NewFolderShare');

/** `POST /api/documents/{id}/group-shares`. */
export const newGroupShareSchema = z
  .strictObject({ group_id: rowIdField, permission: permissionField })
  .openapi('NewGroupShare');

/** A share of a folder with a person or a group, or of a document with a group. */
export const objectShareSchema = z
  .object({
    object_type: z.enum(['folder', 'document']),
    object_id: z.int(),
    subject_type: z.enum(['user', 'group']),
    user_id: z.string().optional(),
    email: z.string().optional(),
    group_id: z.int().optional(),
    group_name: z.string().optional(),
    permission: z.enum(['read', 'write']),
    created_at: z.iso.datetime(),
  })
  .openapi('ObjectShare');

/** A group as JSON. */
export function groupJson(group: Group): z.infer<typeof groupSchema> {
  return {
    id: group.id,
    name: group.name,
    owner_id: group.ownerId,
    created_at: group.createdAt.toISOString(),
  };
}

/** A member as JSON. */
export function memberJson(member: GroupMember): z.infer<typeof memberSchema> {
  return {
    user_id: member.userId,
    email: member.email,
    name: member.name,
    added_at: member.addedAt.toISOString(),
  };
}

/** A group with its members as JSON. */
export function groupDetailsJson(details: GroupDetails): z.infer<typeof groupDetailsSchema> {
  return {
    ...groupJson(details.group),
    owner_email: details.ownerEmail,
    members: details.members.map(memberJson),
    manageable: details.manageable,
  };
}

/** An object share as JSON. */
export function objectShareJson(share: ObjectShare): z.infer<typeof objectShareSchema> {
  const subject =
    share.subject.type === 'user'
      ? { subject_type: 'user' as const, user_id: share.subject.id, email: share.subjectLabel }
      : { subject_type: 'group' as const, group_id: share.subject.id, group_name: share.subjectLabel };
  return {
    object_type: share.object.type,
    object_id: share.object.id,
    ...subject,
    permission: share.permission,
    created_at: share.createdAt.toISOString(),
  };
}
