/**
 * Documents on the wire: request bodies (unknown fields refused) and responses, snake_case as
 * in the specification.
 */
import { z } from '@hono/zod-openapi';
import type { Document, DocumentSummary } from '../db/index.ts';
import { contentField, nameField, PERMISSIONS, rowIdField } from '../services/index.ts';

const summaryShape = {
  id: z.int(),
  name: z.string(),
  owner_id: z.string(),
  folder_id: z.int().nullable(),
  is_public: z.boolean(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
};

/** A document in a list (without its content). */
export const documentSummarySchema = z.object(summaryShape).openapi('DocumentSummary');
/** A document. */
export const documentSchema = z
  .object({
    ...summaryShape,
    content: z.string(),
    version: z
      .int()
      .openapi({ description: 'The number of the latest version of name and text (the history)' }),
    revision: z.int().openapi({
      description: 'Counts every change (name, text, folder, visibility); the `ETag` is this number quoted',
    }),
  })
  .openapi('Document');

/** The body of a 409 answer to a change made from an older revision. */
export const staleDocumentSchema = z
  .object({ detail: z.string(), field: z.literal('revision'), current: documentSchema })
  .openapi('StaleRevision');

/** `POST /api/documents`. */
export const newDocumentSchema = z
  .strictObject({
    name: nameField,
    content: contentField.optional(),
    folder_id: rowIdField.nullable().optional(),
    is_public: z.boolean().optional(),
  })
  .openapi('NewDocument');

/** `PUT /api/documents/{id}`: the fields to change (at least one). */
export const documentChangesSchema = z
  .strictObject({
    name: nameField.optional(),
    content: contentField.optional(),
    folder_id: rowIdField.nullable().optional(),
    is_public: z.boolean().optional(),
  })
  .refine((o) => Object.keys(o).length > 0, 'give at least one of name, content, folder_id, is_public')
  .openapi('DocumentChanges');

/** `GET /api/documents/{id}/permissions`. */
export const permissionsSchema = z
  .object(
    Object.fromEntries(PERMISSIONS.map((p) => [p, z.boolean()])) as Record<
      (typeof PERMISSIONS)[number],
      z.ZodBoolean
    >,
  )
  .openapi('DocumentPermissions');

/** A document list item as JSON. */
export function summaryJson(d: DocumentSummary): z.infer<typeof documentSummarySchema> {
  return {
    id: d.id,
    name: d.name,
    owner_id: d.ownerId,
    folder_id: d.folderId,
    is_public: d.isPublic,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  };
}

/** A document as JSON. */
export function documentJson(d: Document): z.infer<typeof documentSchema> {
  return { ...summaryJson(d), content: d.content, version: d.version, revision: d.revision };
}

/** The entity tag of a document at its current revision (`ETag`, `If-Match`). */
export function documentEtag(document: Pick<Document, 'revision'>): string {
  return `"${document.revision}"`;
}
