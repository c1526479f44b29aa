/**
 * The payload of a `directory_outbox` row: one write to the decision service's directory, in the
 * one shape every layer uses — core's `DirectoryWrite` (`setObject`, `deleteObject`,
 * `setRelation`, `deleteRelation`, named after the `RelationDirectory` methods).
 */
import type { DirectoryWrite } from '@gatehousejs/core';
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
export const directoryWriteSchema = z.discriminatedUnion('op', [
  z.strictObject({
    op: z.literal('setObject'),
    object: z.strictObject({
      type: name,
      id: name,
      displayName: z.string().max(255).optional(),
      properties: z.record(z.string(), z.unknown()).optional(),
    }),
  }),
  z.strictObject({ op: z.literal('deleteObject'), type: name, id: name }),
  z.strictObject({ op: z.literal('setRelation'), relation: relationSchema }),
  z.strictObject({ op: z.literal('deleteRelation'), relation: relationSchema }),
  // Whatever it accepts is a DirectoryWrite: a change of core's type fails the type check here.
]) satisfies z.ZodType<DirectoryWrite>;
