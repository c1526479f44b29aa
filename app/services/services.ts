/**
 * The services together, sharing one database and one after-commit hook.
 */
import { createDocumentService, type DocumentService } from './document-service.ts';
import { createFolderService, type FolderService } from './folder-service.ts';
import { createListingService, type ListingService } from './listing-service.ts';
import type { ServiceDeps } from './service-deps.ts';
import { createShareService, type ShareService } from './share-service.ts';
import { createTrashService, type TrashService } from './trash-service.ts';

/** Documents, folders, lists and shares. */
export interface Services {
  readonly documents: DocumentService;
  readonly folders: FolderService;
  /** The start page's lists and search. */
  readonly listing: ListingService;
  readonly shares: ShareService;
  /** Deleted documents, restorable by their owner until purged. */
  readonly trash: TrashService;
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
    listing: createListingService(deps),
    shares: createShareService(deps),
    trash: createTrashService(deps),
  };
}
