/**
 * @module gatehouse/engine
 * The embedded decision engine: a decision service that evaluates the same Rego policies and
 * Topaz directory manifest that Topaz would, in-process (`createEmbeddedDecisionService`), the
 * policy test runner (`runPolicyTests`), and what users of the engine need from its parts —
 * relation stores and manifest parsing (directory), the Rego compiler and its errors.
 */
export type {
  DirectoryErrorCode,
  DirectoryModel,
  MemoryRelationStoreOptions,
  PostgresRelationStore,
  PostgresRelationStoreOptions,
  RelationStore,
} from './directory/index.ts';
export {
  createDirectoryBuiltins,
  createMemoryRelationStore,
  createPostgresRelationStore,
  DirectoryError,
  ManifestError,
  parseManifest,
} from './directory/index.ts';
export type { EmbeddedDecisionService } from './embedded-decision-service.ts';
export { createEmbeddedDecisionService } from './embedded-decision-service.ts';
export type {
  EmbeddedDecisionServiceConfig,
  EmbeddedDecisionServiceOptions,
  ReloadEvent,
} from './embedded-service-options.ts';
export { embeddedDecisionServiceSchema } from './embedded-service-options.ts';
export type { EngineErrorCode } from './engine-error.ts';
export { EngineError } from './engine-error.ts';
export { loadManifestFile } from './manifest-file.ts';
export type { PolicyTestOptions, PolicyTestReport, PolicyTestResult } from './policy-tests.ts';
export { policyTestOptionsSchema, runPolicyTests } from './policy-tests.ts';
export { createStandardBuiltins, standardBuiltins } from './rego/builtins/index.ts';
export type {
  CompileOptions,
  EvalOptions,
  JsonValue,
  PolicyModule,
  PolicySet,
  PolicyTest,
  QueryOptions,
  RegoErrorCode,
  RegoVersion,
  SourceLocation,
  Value,
} from './rego/index.ts';
export { compilePolicies, parseModule, RegoError, toJson } from './rego/index.ts';
