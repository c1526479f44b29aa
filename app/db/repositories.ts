/**
 * All repositories over one pool or one transaction, and the transaction helper that keeps a data
 * change and its directory outbox rows together.
 */
import { postgres } from '@gatehousejs/engine/postgres';
import { type AccessLogRepository, createAccessLogRepository } from './access-log-repository.ts';
import type { Database, Queryable } from './connection.ts';
import { DatabaseError, isConnectionFailure, toDatabaseError } from './database-error.ts';
import {
  createDirectoryOutboxRepository,
  type DirectoryOutboxRepository,
} from './directory-outbox-repository.ts';
import { createDocumentFileRepository, type DocumentFileRepository } from './document-file-repository.ts';
import {
  createDocumentListingRepository,
  type DocumentListingRepository,
} from './document-listing-repository.ts';
import { createDocumentRepository, type DocumentRepository } from './document-repository.ts';
import {
  createDocumentVersionRepository,
  type DocumentVersionRepository,
} from './document-version-repository.ts';
import { createFolderRepository, type FolderRepository } from './folder-repository.ts';
import { createGroupRepository, type GroupRepository } from './group-repository.ts';
import { createObjectShareRepository, type ObjectShareRepository } from './object-share-repository.ts';
import { createOwnershipRepository, type OwnershipRepository } from './ownership-repository.ts';
import { createPendingShareRepository, type PendingShareRepository } from './pending-share-repository.ts';
import { createSessionRepository, type SessionRepository } from './session-repository.ts';
import { createShareRepository, type ShareRepository } from './share-repository.ts';
import { createTrashRepository, type TrashRepository } from './trash-repository.ts';
import { createUserRepository, type UserRepository } from './user-repository.ts';

/** Every table's repository, bound to the same pool or transaction. */
export interface Repositories {
  readonly users: UserRepository;
  readonly folders: FolderRepository;
  readonly documents: DocumentRepository;
  /** Lists of documents by scope, search and sort, paged both ways. */
  readonly documentListing: DocumentListingRepository;
  /** Every saved name and text of each document. */
  readonly documentVersions: DocumentVersionRepository;
  /** Images and attachments of documents (live documents only). */
  readonly documentFiles: DocumentFileRepository;
  readonly shares: ShareRepository;
  /** Groups of users and their members. */
  readonly groups: GroupRepository;
  /** Folder shares (with a user or a group) and document shares with a group. */
  readonly objectShares: ObjectShareRepository;
  /** Giving documents and folders to another user (run in a transaction). */
  readonly ownership: OwnershipRepository;
  /** Shares with e-mail addresses that have not signed in yet. */
  readonly pendingShares: PendingShareRepository;
  /** Documents in the trash (the only repository that sees them). */
  readonly trash: TrashRepository;
  readonly sessions: SessionRepository;
  /** Decisions about documents, kept for the retention period. */
  readonly accessLog: AccessLogRepository;
  readonly directoryOutbox: DirectoryOutboxRepository;
}

/**
 * The repositories over `db` (a pool, or a transaction from `sql.begin`).
 *
 * @example
 * const repos = createRepositories(sql);
 * const doc = await repos.documents.get(7);
 */
export function createRepositories(db: Queryable): Repositories {
  return {
    users: createUserRepository(db),
    folders: createFolderRepository(db),
    documents: createDocumentRepository(db),
    documentListing: createDocumentListingRepository(db),
    documentVersions: createDocumentVersionRepository(db),
    documentFiles: createDocumentFileRepository(db),
    shares: createShareRepository(db),
    groups: createGroupRepository(db),
    objectShares: createObjectShareRepository(db),
    ownership: createOwnershipRepository(db),
    pendingShares: createPendingShareRepository(db),
    trash: createTrashRepository(db),
    sessions: createSessionRepository(db),
    accessLog: createAccessLogRepository(db),
    directoryOutbox: createDirectoryOutboxRepository(db),
  };
}

/**
 * The transaction `tx` for `work`, refusing every statement once the transaction is over: when its
 * connection is lost the driver rejects `sql.begin` at once, but `work` runs on, and a statement it
 * sends later must not run outside the transaction on the reconnected connection.
 */
function whileOpen(tx: postgres.TransactionSql, isOpen: () => boolean): postgres.TransactionSql {
  return new Proxy(tx, {
    apply(target, thisArg, args) {
      if (!isOpen()) {
        // Rejected like the statement it stands for, so that `.catch` on it sees the error.
        return Promise.reject(
          new DatabaseError('unavailable', 'transaction: the connection to the database was lost'),
        );
      }
      return Reflect.apply(target, thisArg, args);
    },
  });
}

/**
 * Runs `work` in one transaction (`sql.begin`): everything it writes commits together, or, when it
 * throws, nothing does and the error propagates. A lost connection or a failed commit is a
 * {@link DatabaseError} (`unavailable` for the connection), never a raw driver error.
 *
 * @example
 * const doc = await withTransaction(sql, async (repos) => {
 *   const created = await repos.documents.create({ name: 'Plan', ownerId: sub });
 *   await repos.directoryOutbox.enqueue([ownerRelation(created)]);
 *   return created;
 * });
 */
export async function withTransaction<T>(
  sql: Database,
  work: (repos: Repositories, tx: postgres.TransactionSql) => Promise<T>,
): Promise<T> {
  let open = true;
  try {
    return (await sql.begin((raw) => {
      const tx = whileOpen(raw, () => open);
      return work(createRepositories(tx), tx);
    })) as T;
  } catch (error) {
    if (error instanceof postgres.PostgresError || isConnectionFailure(error)) {
      throw toDatabaseError(error, 'transaction');
    }
    throw error;
  } finally {
    open = false;
  }
}
