/**
 * The three services together, sharing one database and one after-commit hook.
 */
import { createDocumentService, type DocumentService } from './document-service.ts';
import { createFolderService, type FolderService } from './folder-service.ts';
import type { ServiceDeps } from './service-deps.ts';
import { createShareService, type ShareService } from './share-service.ts';

/** Documents, folders and shares. */
export interface Services {
  readonly documents: DocumentService;
  readonly folders: FolderService;
  readonly shares: ShareService;
}

/**
 * Builds every service.
 *
 * @example
 * const services = createServices({ sql, afterCommit: () => relay.flush() });
 * const page = await services.documents.list(access);
 */
export function createServices(deps: ServiceDeps): Services {
  return {
    documents: createDocumentService(deps),
    folders: createFolderService(deps),
    shares: createShareService(deps),
  };
}
