/**
 * @module engine/directory
 * A Topaz-style relationship directory: the manifest v3 model (`parseManifest`), relation stores
 * in memory (and, through the engine's `./postgres` entry, in Postgres) that answer checks synchronously from an in-memory index, Topaz's
 * check resolution, and Topaz's `ds.*` Rego built-ins backed by a store.
 */
export { objectJson } from './builtin-results.ts';
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
