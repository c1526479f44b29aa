/**
 * @module engine/directory
 * A Topaz-style relationship directory: the manifest v3 model (`parseManifest`), relation stores
 * in memory and in Postgres that answer checks synchronously from an in-memory index, Topaz's
 * check resolution, and Topaz's `ds.*` Rego built-ins backed by a store.
 */
export { createDirectoryBuiltins } from './directory-builtins.ts';
export type { DirectoryErrorCode, ManifestIssue } from './errors.ts';
export { DirectoryError, ManifestError } from './errors.ts';
export { parseManifest } from './manifest.ts';
export { createMemoryRelationStore } from './memory-relation-store.ts';
export type {
  DirectoryModel,
  ObjectTypeModel,
  PermissionModel,
  PermissionOperator,
  PermissionTerm,
  RelationModel,
  RelationTerm,
} from './model.ts';
export type { PostgresRelationStore } from './postgres-relation-store.ts';
export { createPostgresRelationStore } from './postgres-relation-store.ts';
export type { CheckLimits } from './relation-check.ts';
export type { ContractTestApi, RelationStoreFactory } from './relation-store.contract.ts';
export { runRelationStoreContract } from './relation-store.contract.ts';
export type {
  CheckResult,
  DirectoryReader,
  GraphNode,
  GraphQuery,
  ObjectRecord,
  RelationQuery,
  RelationRecord,
  RelationStore,
} from './relation-store.ts';
export type {
  MemoryRelationStoreConfig,
  MemoryRelationStoreOptions,
  PostgresRelationStoreConfig,
  PostgresRelationStoreOptions,
} from './store-options.ts';
