/**
 * @module @gatehousejs/topaz
 * The Topaz adapter: core's `DecisionService` port over Topaz's authorizer gRPC API and its
 * `RelationDirectory` port over Topaz's directory v3 API, using the service clients of
 * `@aserto/aserto-node` (`@aserto/node-authorizer`, `@aserto/node-directory`) on pooled,
 * closable HTTP/2 connections with a deadline on every call.
 */
export type {
  CallKind,
  ConnectionFactory,
  ConnectionPoolConfig,
  ConnectionPoolOptions,
} from './connection-pool.ts';
export {
  bulkShare,
  ConnectionPool,
  ConnectionPoolOptionsSchema,
  PoolClosedError,
  ResourcePool,
} from './connection-pool.ts';
export type { DecisionTreeQuery, TopazDecisionService } from './decision-service.ts';
export { createTopazDecisionService } from './decision-service.ts';
export type { TopazRelationDirectory } from './relation-directory.ts';
export { createTopazRelationDirectory } from './relation-directory.ts';
export type { TopazDirectoryErrorCode } from './topaz-directory-error.ts';
export { TopazDirectoryError } from './topaz-directory-error.ts';
export type {
  TopazDecisionServiceConfig,
  TopazDecisionServiceOptions,
  TopazDirectoryConfig,
  TopazDirectoryOptions,
} from './topaz-options.ts';
export { TopazDecisionServiceOptionsSchema, TopazDirectoryOptionsSchema } from './topaz-options.ts';
