/**
 * Files of documents: images and attachments, authorized as their document — listing and reading
 * need can_read on it, uploading and deleting can_write — so every share, folder, group, public
 * flag and location rule that applies to the document applies to its files, through the same
 * policies. Content is checked by its bytes ({@link detectFileType}), bounded in size and number,
 * and named uniquely within the document so that its Markdown can refer to a file by name.
 */
import { createHash } from 'node:crypto';
import {
  createRepositories,
  DatabaseError,
  type DocumentFile,
  type DocumentFileContent,
  withTransaction,
} from '../db/index.ts';
import { type Access, signedIn } from './access.ts';
import { detectFileType } from './file-type.ts';
import { nameField } from './input-fields.ts';
import type { ServiceDeps } from './service-deps.ts';
import { notFound, ServiceError } from './service-error.ts';

/** Largest file, in bytes (5 MiB). */
export const MAX_FILE_BYTES = 5 * 1_048_576;

/** Most files one document holds. */
export const MAX_FILES_PER_DOCUMENT = 100;

/** A file to upload. */
export interface FileUpload {
  /** The name to store it under (and to refer to it by in Markdown). */
  readonly name: string;
  readonly content: Uint8Array;
}

/** Operations on the files of documents. */
export interface DocumentFileService {
  /** The document's files by name (can_read). */
  list(access: Access, documentId: number): Promise<DocumentFile[]>;
  /** One file with its bytes (can_read); `not_found` (field `file_id`) for another document's file. */
  get(access: Access, documentId: number, fileId: number): Promise<DocumentFileContent>;
  /** Stores a file (can_write): `too_large` (413), `unsupported_type` (415), `invalid`/`conflict` for the name. */
  upload(access: Access, documentId: number, upload: FileUpload): Promise<DocumentFile>;
  /** Deletes a file (can_write). */
  remove(access: Access, documentId: number, fileId: number): Promise<void>;
}

/** The name a file is stored under: a valid name, without path separators. */
function checkedName(name: string): string {
  const parsed = nameField.safeParse(name);
  if (!parsed.success) {
    throw new ServiceError('invalid', `name: ${parsed.error.issues[0]?.message ?? 'invalid'}`, {
      field: 'name',
    });
  }
  if (/[/\\]/.test(name)) {
    throw new ServiceError('invalid', 'name: must not contain / or \\', { field: 'name' });
  }
  return name.trim();
}

/**
 * The file service.
 *
 * @example
 * const files = createDocumentFileService({ sql, afterCommit });
 * await files.upload(access, 7, { name: 'chart.png', content: bytes });
 */
export function createDocumentFileService(deps: ServiceDeps): DocumentFileService {
  const repos = createRepositories(deps.sql);

  /** The live document must exist (404 before 403, as every document route) and grant `permission`. */
  async function requireOnDocument(access: Access, id: number, permission: 'can_read' | 'can_write') {
    if (!(await repos.documents.get(id))) throw notFound('Document');
    await access.require('document', id, permission);
  }

  return {
    async list(access, documentId) {
      await requireOnDocument(access, documentId, 'can_read');
      return repos.documentFiles.list(documentId, MAX_FILES_PER_DOCUMENT);
    },

    async get(access, documentId, fileId) {
      await requireOnDocument(access, documentId, 'can_read');
      const file = await repos.documentFiles.get(documentId, fileId);
      if (!file) throw notFound('File', 'file_id');
      return file;
    },

    async upload(access, documentId, upload) {
      const userId = signedIn(access);
      await requireOnDocument(access, documentId, 'can_write');
      const name = checkedName(upload.name);
      if (upload.content.byteLength > MAX_FILE_BYTES) {
        throw new ServiceError(
          'too_large',
          `file: ${upload.content.byteLength} bytes is more than the ${MAX_FILE_BYTES} bytes (5 MiB) a file may have`,
          { field: 'file' },
        );
      }
      const verdict = detectFileType(upload.content);
      if (!verdict.ok) {
        const code = upload.content.byteLength === 0 ? 'invalid' : 'unsupported_type';
        throw new ServiceError(code, `file: ${verdict.reason}`, { field: 'file' });
      }
      try {
        // One transaction: the document row stays locked from counting its files to the insert.
        const file = {
          documentId,
          name,
          mediaType: verdict.mediaType,
          sha256: createHash('sha256').update(upload.content).digest('hex'),
          content: upload.content,
          uploadedBy: userId,
        };
        const stored = await withTransaction(deps.sql, (tx) =>
          tx.documentFiles.add(file, MAX_FILES_PER_DOCUMENT),
        );
        if (stored === 'document_missing') throw notFound('Document');
        if (stored === 'too_many') {
          throw new ServiceError(
            'conflict',
            `file: the document already holds ${MAX_FILES_PER_DOCUMENT} files; delete one first`,
            { field: 'file' },
          );
        }
        return stored;
      } catch (error) {
        if (error instanceof DatabaseError && error.code === 'conflict') {
          throw new ServiceError('conflict', `name: the document already has a file named “${name}”`, {
            field: 'name',
          });
        }
        throw error;
      }
    },

    async remove(access, documentId, fileId) {
      signedIn(access);
      await requireOnDocument(access, documentId, 'can_write');
      if (!(await repos.documentFiles.remove(documentId, fileId))) throw notFound('File', 'file_id');
    },
  };
}
