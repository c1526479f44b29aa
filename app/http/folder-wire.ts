/**
 * Folders on the wire.
 */
import { z } from '@hono/zod-openapi';
import type { Folder } from '../db/index.ts';
import { nameField, rowIdField } from '../services/index.ts';

/** A folder. */
export const folderSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    owner_id: z.string(),
    parent_folder_id: z.int().nullable(),
    created_at: z.iso.datetime(),
  })
  .openapi('Folder');

/** `POST /api/folders`. */
export const newFolderSchema = z
  .strictObject({ name: nameField, parent_folder_id: rowIdField.nullable().optional() })
  .openapi('NewFolder');

/** `PUT /api/folders/{id}`: the fields to change (at least one). */
export const folderChangesSchema = z
  .strictObject({ name: nameField.optional(), parent_folder_id: rowIdField.nullable().optional() })
  .refine((o) => Object.keys(o).length > 0, 'give at least one of name, parent_folder_id')
  .openapi('FolderChanges');

/** A folder as JSON. */
export function folderJson(f: Folder): z.infer<typeof folderSchema> {
  return {
    id: f.id,
    name: f.name,
    owner_id: f.ownerId,
    parent_folder_id: f.parentFolderId,
    created_at: f.createdAt.toISOString(),
  };
}
