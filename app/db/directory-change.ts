/**
 * The payload of a `directory_outbox` row: one write to the decision service's directory,
 * mirroring the `RelationDirectory` port (`setObject`, `deleteObject`, `setRelation`, `deleteRelation`).
 */
import { z } from 'zod';

const name = z.string().min(1).max(255);

const relationSchema = z.strictObject({
  objectType: name,
  objectId: name,
  relation: name,
  subjectType: name,
  subjectId: name,
  subjectRelation: name.optional(),
});

/** A directory write, validated before it is stored and again when it is read back. */
export const directoryChangeSchema = z.discriminatedUnion('op', [
  z.strictObject({
    op: z.literal('set_object'),
    object: z.strictObject({
      type: name,
      id: name,
      displayName: z.string().max(255).optional(),
      properties: z.record(z.string(), z.unknown()).optional(),
    }),
  }),
  z.strictObject({ op: z.literal('delete_object'), object: z.strictObject({ type: name, id: name }) }),
  z.strictObject({ op: z.literal('set_relation'), relation: relationSchema }),
  z.strictObject({ op: z.literal('delete_relation'), relation: relationSchema }),
]);

/**
 * One directory write.
 *
 * @example
 * const change: DirectoryChange = {
 *   op: 'set_relation',
 *   relation: { objectType: 'document', objectId: '7', relation: 'owner', subjectType: 'user', subjectId: sub },
 * };
 */
export type DirectoryChange = z.infer<typeof directoryChangeSchema>;
