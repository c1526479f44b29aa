/**
 * The services together, sharing one database and one after-commit hook.
 */
import { type AccessLogService, createAccessLogService } from './access-log-service.ts';
import { type AccessReportService, createAccessReportService } from './access-report-service.ts';
import { createDocumentFileService, type DocumentFileService } from './document-file-service.ts';
import { createDocumentService, type DocumentService } from './document-service.ts';
import { createFolderService, type FolderService } from './folder-service.ts';
import { createGroupService, type GroupService } from './group-service.ts';
import { createListingService, type ListingService } from './listing-service.ts';
import { createObjectShareService, type ObjectShareService } from './object-share-service.ts';
import { createOwnershipService, type OwnershipService } from './ownership-service.ts';
import type { ServiceDeps } from './service-deps.ts';
import { createShareService, type ShareService } from './share-service.ts';
import { createTrashService, type TrashService } from './trash-service.ts';

/** Documents, folders, lists and shares. */
export interface Services {
  readonly documents: DocumentService;
  /** Images and attachments of documents, authorized as their document. */
  readonly files: DocumentFileService;
  readonly folders: FolderService;
  /** The start page's lists and search. */
  readonly listing: ListingService;
  readonly shares: ShareService;
  /** Groups of users. */
  readonly groups: GroupService;
  /** Folder shares and document shares with a group. */
  readonly objectShares: ObjectShareService;
  /** Giving documents and folders to another user. */
  readonly ownership: OwnershipService;
  /** Deleted documents, restorable by their owner until purged. */
  readonly trash: TrashService;
  /** Decisions about documents, for their owners. */
  readonly accessLog: AccessLogService;
  /** Who has access to a document, and why (reverse lookups on the directory). */
  readonly accessReport: AccessReportService;
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
    files: createDocumentFileService(deps),
    folders: createFolderService(deps),
    listing: createListingService(deps),
    shares: createShareService(deps),
    groups: createGroupService(deps),
    objectShares: createObjectShareService(deps),
    ownership: createOwnershipService(deps),
    trash: createTrashService(deps),
    accessLog: createAccessLogService(deps),
    accessReport: createAccessReportService(deps),
  };
}
