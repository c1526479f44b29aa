/**
 * All repositories over one pool or one transaction, and the transaction helper that keeps a data
 * change and its directory outbox rows together.
 */
import type postgres from 'postgres';
import type { Database, Queryable } from './connection.ts';
import {
  createDirectoryOutboxRepository,
  type DirectoryOutboxRepository,
} from './directory-outbox-repository.ts';
import { createDocumentRepository, type DocumentRepository } from './document-repository.ts';
import { createFolderRepository, type FolderRepository } from './folder-repository.ts';
import { createSessionRepository, type SessionRepository } from './session-repository.ts';
import { createShareRepository, type ShareRepository } from './share-repository.ts';
import { createUserRepository, type UserRepository } from './user-repository.ts';

/** Every table's repository, bound to the same pool or transaction. */
export interface Repositories {
  readonly users: UserRepository;
  readonly folders: FolderRepository;
  readonly documents: DocumentRepository;
  readonly shares: ShareRepository;
  readonly sessions: SessionRepository;
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
    shares: createShareRepository(db),
    sessions: createSessionRepository(db),
    directoryOutbox: createDirectoryOutboxRepository(db),
  };
}

/**
 * Runs `work` in one transaction (`sql.begin`): everything it writes commits together, or, when it
 * throws, nothing does and the error propagates.
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
  return (await sql.begin((tx) => work(createRepositories(tx), tx))) as T;
}
