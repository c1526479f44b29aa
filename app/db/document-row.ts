/**
 * A `documents` row as the driver returns it, and its mapping to the repositories' types.
 */
import type { Document, DocumentSummary } from './document-repository.ts';

/** A `documents` row as read (without the trash columns). */
export type DocumentRow = {
  id: number;
  name: string;
  content: string;
  owner_id: string;
  folder_id: number | null;
  is_public: boolean;
  created_at: Date;
  updated_at: Date;
  version: number;
  revision: number;
};

/** A document row without its content, as the summary the repositories return. */
export function toSummary(row: Omit<DocumentRow, 'content' | 'version' | 'revision'>): DocumentSummary {
  return {
    id: row.id,
    name: row.name,
    ownerId: row.owner_id,
    folderId: row.folder_id,
    isPublic: row.is_public,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A document row as a {@link Document}. */
export function toDocument(row: DocumentRow): Document {
  return {
    id: row.id,
    name: row.name,
    content: row.content,
    ownerId: row.owner_id,
    folderId: row.folder_id,
    isPublic: row.is_public,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
    revision: row.revision,
  };
}
