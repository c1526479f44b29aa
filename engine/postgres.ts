/**
 * @module @gatehousejs/engine/postgres
 * The relation store in PostgreSQL and its driver (`postgres`, with Gatehouse's closed-connection
 * fix), from `@gatehousejs/directory/postgres`: kept out of the engine's main entry so that
 * importing the engine never loads the driver.
 */
export type {
  PostgresRelationStore,
  PostgresRelationStoreConfig,
  PostgresRelationStoreOptions,
  Sql,
  TransactionSql,
} from '@gatehousejs/directory/postgres';
export {
  createPostgresRelationStore,
  isFixedPostgresClient,
  postgres,
} from '@gatehousejs/directory/postgres';
