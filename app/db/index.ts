/**
 * @module app/db
 * The application's data layer on PostgreSQL 16 through the `postgres` driver: connection,
 * migrations (applied at start, in one transaction, under an advisory lock), one repository per
 * table with parameterized SQL, and the directory outbox that commits with the data it mirrors.
 */
export type {
  AccessLogEntry,
  AccessLogQuery,
  AccessLogRepository,
  StoredAccessLogEntry,
} from './access-log-repository.ts';
export type { ConnectionOptions, Database, Queryable } from './connection.ts';
export { connectDatabase } from './connection.ts';
export type { DatabaseErrorCode } from './database-error.ts';
export { DatabaseError, isConnectionFailure } from './database-error.ts';
export type { DirectoryOutboxRepository, OutboxEntry } from './directory-outbox-repository.ts';
export type {
  DocumentFile,
  DocumentFileContent,
  DocumentFileInput,
  DocumentFileRepository,
} from './document-file-repository.ts';
export type {
  DocumentListingRepository,
  DocumentScope,
  DocumentSort,
  ListedDocument,
  ListingCursor,
  ListingQuery,
  SearchHeadline,
} from './document-listing-repository.ts';
export { MATCH_END, MATCH_START } from './document-listing-repository.ts';
export type {
  AccessibleFilter,
  Document,
  DocumentFilter,
  DocumentInput,
  DocumentPatch,
  DocumentRepository,
  DocumentSaveResult,
  DocumentSummary,
  DocumentUpdate,
  StaleDocument,
} from './document-repository.ts';
export type {
  DocumentVersion,
  DocumentVersionRepository,
  DocumentVersionSummary,
} from './document-version-repository.ts';
export type {
  Folder,
  FolderFilter,
  FolderInput,
  FolderPatch,
  FolderRepository,
} from './folder-repository.ts';
export type { Group, GroupMember, GroupRepository } from './group-repository.ts';
export type { MigrationReport } from './migrate.ts';
export { migrate } from './migrate.ts';
export type { Migration } from './migration.ts';
export { MIGRATIONS } from './migration.ts';
export type {
  ObjectShare,
  ObjectShareRepository,
  SharedObject,
  ShareSubject,
} from './object-share-repository.ts';
export type { EndedShare, OwnershipRepository, OwnershipTransfer } from './ownership-repository.ts';
export type { Page } from './page.ts';
export { isRowId, MAX_PAGE_SIZE } from './page.ts';
export type { PendingShare, PendingShareRepository } from './pending-share-repository.ts';
export type { Repositories } from './repositories.ts';
export { createRepositories, withTransaction } from './repositories.ts';
export type { ActiveSession, PendingLogin, SessionRepository, SessionTiming } from './session-repository.ts';
export type {
  Share,
  ShareInput,
  SharePermission,
  ShareRepository,
  ShareWithOutbox,
} from './share-repository.ts';
export type { TrashedDocument, TrashFilter, TrashRepository } from './trash-repository.ts';
export type { User, UserInput, UserRepository } from './user-repository.ts';
