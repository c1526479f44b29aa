/**
 * Shares on the wire.
 */
import { z } from '@hono/zod-openapi';
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
  })
  .openapi('Share');

/** `DELETE /api/shares/{doc_id}/{email}` path parameters. */
export const shareParams = z.strictObject({
  doc_id: idInPath.openapi({ param: { name: 'doc_id', in: 'path' }, example: '42' }),
  email: emailField.openapi({ param: { name: 'email', in: 'path' } }),
});

/** A granted share as JSON. */
export function shareJson({ share, user }: GrantedShare): z.infer<typeof shareSchema> {
  return {
    document_id: share.documentId,
    user_id: share.userId,
    email: user.email,
    permission: share.permission,
    created_at: share.createdAt.toISOString(),
  };
}
