/**
 * @module @gatehousejs/directory
 * A Topaz-style relationship directory, runtime-neutral: the manifest v3 model (`parseManifest`),
 * the relation store port and its memory store, which answer checks synchronously from an
 * in-memory index, and Topaz's check resolution. The PostgreSQL relation store is in
 * `@gatehousejs/directory/postgres`; Topaz's `ds.*` Rego built-ins over a store are the engine's.
 */
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
export type { CheckLimits } from './relation-check.ts';
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
} from './store-options.ts';
