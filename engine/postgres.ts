/**
 * @module @gatehousejs/engine/postgres
 * The relation store in PostgreSQL, and the PostgreSQL driver it uses (`postgres`, bundled with
 * Gatehouse's closed-connection fix), kept out of the engine's main entry so that importing the
 * engine never loads the driver.
 */
// The directory folder's index.ts is the runtime-neutral surface, so this entry reaches the store's
// own files.
export type { PostgresRelationStore } from './directory/postgres-relation-store.ts';
export { createPostgresRelationStore } from './directory/postgres-relation-store.ts';
export type {
  PostgresRelationStoreConfig,
  PostgresRelationStoreOptions,
} from './directory/postgres-store-options.ts';
export type { Sql, TransactionSql } from './postgres-driver/index.ts';
export { isFixedPostgresClient, postgres } from './postgres-driver/index.ts';
