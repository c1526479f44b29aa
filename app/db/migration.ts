/**
 * What a schema migration is, and the ordered list the application applies.
 */
import { schemaMigration } from './migration-0001-schema.ts';
import { folderNamesMigration } from './migration-0003-folder-names.ts';
import { documentSearchMigration } from './migration-0004-document-search.ts';
import { pendingSharesMigration } from './migration-0005-pending-shares.ts';
import { documentVersionsMigration } from './migration-0006-document-versions.ts';
import { trashMigration } from './migration-0007-trash.ts';
import { documentVersionCounterMigration } from './migration-0008-document-version-counter.ts';
import { revisionsAndIdTokensMigration } from './migration-0009-revisions-and-id-tokens.ts';
import { groupsMigration } from './migration-0010-groups.ts';
import { objectSharesMigration } from './migration-0011-object-shares.ts';
import { accessLogMigration } from './migration-0012-access-log.ts';
import { documentFilesMigration } from './migration-0013-document-files.ts';
import { directoryWriteShapeMigration } from './migration-0014-directory-write-shape.ts';
import { accessLogRunsMigration } from './migration-0015-access-log-runs.ts';

/** One schema change, applied once, in version order. */
export interface Migration {
  /** Positive, strictly increasing. */
  readonly version: number;
  /** Short label stored beside the version. */
  readonly name: string;
  /** One or more SQL statements. Never edit a released migration: add a new one. */
  readonly sql: string;
}

/** The application's migrations, in order. */
export const MIGRATIONS: readonly Migration[] = Object.freeze([
  schemaMigration,
  folderNamesMigration,
  documentSearchMigration,
  pendingSharesMigration,
  documentVersionsMigration,
  trashMigration,
  documentVersionCounterMigration,
  revisionsAndIdTokensMigration,
  groupsMigration,
  objectSharesMigration,
  accessLogMigration,
  documentFilesMigration,
  directoryWriteShapeMigration,
  accessLogRunsMigration,
]);
