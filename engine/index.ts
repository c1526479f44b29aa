/**
 * @module @gatehousejs/engine
 * The embedded engine's runtime-neutral entry: no file system, no database driver, no network.
 * The decision service over policies given as text (`createInlineDecisionService`), Topaz's
 * `ds.*` built-ins over a relation store, and, re-exported so one install is enough, the
 * Topaz-style relationship directory of `@gatehousejs/directory` (manifest parsing, the memory
 * relation store) and, from `@gatehousejs/rego`, the Rego compiler with its standard built-ins and
 * errors. The decision service over a policy directory is in `@gatehousejs/engine/node`; the
 * PostgreSQL relation store in `@gatehousejs/engine/postgres`.
 */

export type {
  DirectoryErrorCode,
  DirectoryModel,
  ManifestIssue,
  MemoryRelationStoreOptions,
  RelationStore,
} from '@gatehousejs/directory';
export {
  createMemoryRelationStore,
  DirectoryError,
  ManifestError,
  parseManifest,
} from '@gatehousejs/directory';
export type {
  CompileOptions,
  EvalOptions,
  JsonValue,
  OpaVersion,
  OutboundCalls,
  OutboundRequest,
  OutboundResponse,
  PolicyModule,
  PolicySet,
  PolicyTest,
  QueryOptions,
  RegoErrorCode,
  RegoVersion,
  SourceLocation,
  Value,
} from '@gatehousejs/rego';
export { OPA_VERSIONS, parseModule, RegoError, standardBuiltins, toJson } from '@gatehousejs/rego';
export type { EmbeddedDecisionService } from './decision-engine.ts';
export { createDirectoryBuiltins } from './directory-builtins/index.ts';
export type { InlineDecisionServiceOptions } from './embedded-service-options.ts';
export { inlineDecisionServiceSchema } from './embedded-service-options.ts';
export type { EngineErrorCode } from './engine-error.ts';
export { EngineError } from './engine-error.ts';
export { createInlineDecisionService } from './inline-decision-service.ts';
export { compilePolicies, createStandardBuiltins } from './rego-functions.ts';
