/**
 * Folders on the wire.
 */
import { z } from '@hono/zod-openapi';
import type { Folder } from '../db/index.ts';
import { type FolderContents, nameField, rowIdField } from '../services/index.ts';
import { documentSummarySchema, summaryJson } from './document-wire.ts';

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

/** `GET /api/folders/{id}/contents`: the folder, the folders above it, what it holds. */
export const folderContentsSchema = z
  .object({
    folder: folderSchema,
    path: z.array(folderSchema).meta({ description: 'The folders above it, outermost first' }),
    folders: z.array(folderSchema).meta({ description: 'Subfolders by name (at most 1000)' }),
    documents: z
      .array(documentSummarySchema)
      .meta({ description: 'Documents the caller may read, by name (at most 1000)' }),
    empty: z.boolean().meta({ description: 'Whether it holds nothing at all (only then can it be deleted)' }),
  })
  .openapi('FolderContents');

/** A folder's contents as JSON. */
export function folderContentsJson(contents: FolderContents): z.infer<typeof folderContentsSchema> {
  return {
    folder: folderJson(contents.folder),
    path: contents.path.map(folderJson),
    folders: contents.folders.map(folderJson),
    documents: contents.documents.map(summaryJson),
    empty: contents.empty,
  };
}
