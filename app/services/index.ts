/**
 * @module app/services
 * The rules of the document application, once for every entry point (the JSON API, forms):
 * documents, folders and shares, each operation authorized through an {@link Access} built per
 * request, each change committed together with its directory changes.
 */

export type { Access, ObjectType, Permission } from './access.ts';
export { PERMISSIONS, signedIn } from './access.ts';
export type { AccessGrant } from './access-grants.ts';
export type { AccessLogPage, AccessLogRequest, AccessLogService } from './access-log-service.ts';
export { ACCESS_LOG_PAGE, createAccessLogService } from './access-log-service.ts';
export type {
  AccessEntry,
  AccessReport,
  AccessReportService,
  AccessSubject,
  LabelledGrant,
} from './access-report-service.ts';
export { createAccessReportService, REPORTED_PERMISSIONS } from './access-report-service.ts';
export type { DocumentFileService, FileUpload } from './document-file-service.ts';
export {
  createDocumentFileService,
  MAX_FILE_BYTES,
  MAX_FILES_PER_DOCUMENT,
} from './document-file-service.ts';
export type {
  DocumentChanges,
  DocumentPage,
  DocumentService,
  NewDocument,
} from './document-service.ts';
export { createDocumentService, DOCUMENT_PAGE } from './document-service.ts';
export {
  fileMarkdown,
  fileReference,
  fileUrl,
  referencedFileName,
  strictlyEncoded,
} from './file-reference.ts';
export type { FileMediaType, FileTypeVerdict } from './file-type.ts';
export { detectFileType, isInlineImage } from './file-type.ts';
export type {
  FolderChanges,
  FolderContents,
  FolderPage,
  FolderService,
  NewFolder,
} from './folder-service.ts';
export { createFolderService, FOLDER_CONTENTS_LIMIT } from './folder-service.ts';
export type { GroupDetails, GroupService } from './group-service.ts';
export { createGroupService, GROUP_LIST_LIMIT } from './group-service.ts';
export {
  contentField,
  emailField,
  MAX_CONTENT_BYTES,
  MAX_ROW_ID,
  nameField,
  permissionField,
  rowIdField,
  userIdField,
} from './input-fields.ts';
export type { ListingPage, ListingRequest, ListingService } from './listing-service.ts';
export { createListingService, LISTING_PAGE, MAX_SEARCH_LENGTH } from './listing-service.ts';
export type { ObjectShareService, ShareTarget } from './object-share-service.ts';
export { createObjectShareService } from './object-share-service.ts';
export type { OwnedObject, OwnershipService, TransferResult } from './ownership-service.ts';
export { createOwnershipService } from './ownership-service.ts';
export type { HighlightPiece } from './search-highlight.ts';
export { highlightPieces } from './search-highlight.ts';
export type { ServiceDeps } from './service-deps.ts';
export type { ServiceErrorCode } from './service-error.ts';
export { ServiceError, StaleRevisionError } from './service-error.ts';
export type { Services } from './services.ts';
export { createServices } from './services.ts';
export type {
  DocumentStanding,
  GrantedShare,
  NewShare,
  Revocation,
  ShareService,
} from './share-service.ts';
export { createShareService } from './share-service.ts';
export type { TrashPage, TrashService } from './trash-service.ts';
export { createTrashService, purgeDate, TRASH_PAGE, TRASH_RETENTION_DAYS } from './trash-service.ts';
