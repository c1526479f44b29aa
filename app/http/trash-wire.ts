/**
 * The trash and document versions on the wire: trashed documents with when they are purged, and
 * versions with who saved them when.
 */
import { z } from '@hono/zod-openapi';
import type { DocumentVersion, DocumentVersionSummary, TrashedDocument } from '../db/index.ts';
import { purgeDate } from '../services/index.ts';
import { idInPath } from './common-wire.ts';
import { documentSummarySchema, summaryJson } from './document-wire.ts';

/** A document in the trash. */
export const trashedDocumentSchema = documentSummarySchema
  .extend({
    trashed_at: z.iso.datetime(),
    trashed_by: z.string(),
    purge_at: z.iso.datetime().meta({ description: 'When it is deleted for good' }),
  })
  .openapi('TrashedDocument');

/** The answer of `GET /api/trash`. */
export const trashPageSchema = z
  .object({
    items: z.array(trashedDocumentSchema),
    next_after: z.int().nullable().meta({ description: '`after` of the next page; null on the last' }),
  })
  .openapi('TrashPage');

/** A trashed document as JSON. */
export function trashedJson(d: TrashedDocument): z.infer<typeof trashedDocumentSchema> {
  return {
    ...summaryJson(d),
    trashed_at: d.trashedAt.toISOString(),
    trashed_by: d.trashedBy,
    purge_at: purgeDate(d.trashedAt).toISOString(),
  };
}

const versionShape = {
  version: z.int(),
  name: z.string(),
  changed_by: z.string(),
  changed_by_name: z.string(),
  changed_at: z.iso.datetime(),
};

/** A version in the history (without its text). */
export const versionSummarySchema = z.object(versionShape).openapi('DocumentVersionSummary');
/** A version with its text. */
export const versionSchema = z.object({ ...versionShape, content: z.string() }).openapi('DocumentVersion');

/** The answer of `GET /api/documents/{id}/versions`, newest first. */
export const versionListSchema = z
  .object({ items: z.array(versionSummarySchema) })
  .openapi('DocumentVersions');

/** `{ id, version }` path parameters. */
export const versionParams = z.strictObject({
  id: idInPath.openapi({ param: { name: 'id', in: 'path' }, example: '42' }),
  version: idInPath.openapi({ param: { name: 'version', in: 'path' }, example: '3' }),
});

/** A version summary as JSON. */
export function versionSummaryJson(v: DocumentVersionSummary): z.infer<typeof versionSummarySchema> {
  return {
    version: v.version,
    name: v.name,
    changed_by: v.changedBy,
    changed_by_name: v.changedByName,
    changed_at: v.changedAt.toISOString(),
  };
}

/** A version as JSON. */
export function versionJson(v: DocumentVersion): z.infer<typeof versionSchema> {
  return { ...versionSummaryJson(v), content: v.content };
}
