/**
 * @module engine/server
 * A decision service and a relation directory served over Topaz's APIs (authorizer gRPC and REST
 * gateway, directory reader/writer/model gRPC) with TLS, so that Topaz clients work against
 * Gatehouse's embedded engine unchanged. The engine plugs in through core's `DecisionService` and
 * `RelationDirectory` ports and the optional capabilities defined here.
 */
export type {
  ManifestStore,
  PolicyCatalog,
  PolicyModule,
  RegoQuery,
  RegoQueryEvaluator,
  RegoQueryResult,
  StoredManifest,
} from './capabilities.ts';
export type { ConnectionStats } from './grpc-endpoint.ts';
export type { TopazCompatibleServer } from './server.ts';
export { startTopazCompatibleServer } from './server.ts';
export type { TopazServerErrorCode } from './server-error.ts';
export { TopazServerError } from './server-error.ts';
export type {
  TopazCompatibleServerOptions,
  TopazServerBackends,
  TopazServerConfig,
  TopazServerSettings,
} from './server-options.ts';
export { TopazServerSettingsSchema } from './server-options.ts';
