/**
 * Shares on the wire.
 */
import { z } from '@hono/zod-openapi';
import type { PendingShare } from '../db/index.ts';
import {
  emailField,
  type GrantedShare,
  permissionField,
  rowIdField,
  userIdField,
} from '../services/index.ts';
import { idInPath } from './common-wire.ts';

/** `POST /api/shares`: the user by `email` or by `user_id` (exactly one). */
export const newShareSchema = z
  .strictObject({
    document_id: rowIdField,
    email: emailField.optional(),
    user_id: userIdField.optional(),
    permission: permissionField,
  })
  .refine((o) => (o.email === undefined) !== (o.user_id === undefined), {
    message: 'give exactly one of email or user_id',
    path: ['email'],
  })
  .openapi('NewShare');

/** A share. */
export const shareSchema = z
  .object({
    document_id: z.int(),
    user_id: z.string(),
    email: z.string(),
    permission: z.enum(['read', 'write']),
    created_at: z.iso.datetime(),
    pending: z.literal(true).optional().openapi({
      description:
        'Present (answer 202) when the share is stored but not yet in the directory: decisions follow once the directory is reachable again',
    }),
  })
  .openapi('Share');

/** `DELETE /api/shares/{doc_id}/{email}` answered 202: revoked, not yet in the directory. */
export const pendingRevocationSchema = z
  .object({ detail: z.string(), pending: z.literal(true) })
  .openapi('PendingRevocation');

/** The body of a revocation answered 202. */
export const PENDING_REVOCATION = {
  detail: 'Revoked: the directory is unreachable, the revocation takes effect once it is delivered',
  pending: true,
} as const;

/** `DELETE /api/shares/{doc_id}/{email}` path parameters. */
export const shareParams = z.strictObject({
  doc_id: idInPath.openapi({ param: { name: 'doc_id', in: 'path' }, example: '42' }),
  email: emailField.openapi({ param: { name: 'email', in: 'path' } }),
});

/** A granted share as JSON. */
export function shareJson({ share, user, pending }: GrantedShare): z.infer<typeof shareSchema> {
  return {
    document_id: share.documentId,
    user_id: share.userId,
    email: user.email,
    permission: share.permission,
    created_at: share.createdAt.toISOString(),
    ...(pending ? { pending: true as const } : {}),
  };
}

/** A share with an address that has not signed in yet (`POST /api/shares`, 202). */
export const pendingShareSchema = z
  .object({
    document_id: z.int(),
    email: z.string(),
    permission: z.enum(['read', 'write']),
    pending: z
      .literal(true)
      .meta({ description: 'Takes effect when someone first signs in with the address' }),
    created_at: z.iso.datetime(),
  })
  .openapi('PendingShare');

/** A pending share as JSON. */
export function pendingShareJson(p: PendingShare): z.infer<typeof pendingShareSchema> {
  return {
    document_id: p.documentId,
    email: p.email,
    permission: p.permission,
    pending: true,
    created_at: p.createdAt.toISOString(),
  };
}
