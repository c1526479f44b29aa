/**
 * @module @gatehousejs/directory/postgres
 * The relation store in PostgreSQL, and the PostgreSQL driver it uses (`postgres`, bundled with
 * Gatehouse's closed-connection fix), kept out of the main entry so that importing the directory
 * never loads the driver.
 */
// The package's index.ts is the runtime-neutral surface, so this entry reaches the store's own files.

export type { Sql, TransactionSql } from './postgres-driver/index.ts';
export { isFixedPostgresClient, postgres } from './postgres-driver/index.ts';
export type { PostgresRelationStore } from './postgres-relation-store.ts';
export { createPostgresRelationStore } from './postgres-relation-store.ts';
export type {
  PostgresRelationStoreConfig,
  PostgresRelationStoreOptions,
} from './postgres-store-options.ts';
