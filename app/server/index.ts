/**
 * @module app/server
 * Running the document application: the authorization backends — the embedded engine with its
 * directory in the application's PostgreSQL, or Topaz over gRPC — the served application, and
 * the start-up banner. The composition root (`app/main.ts`) chooses the backend and wires these
 * together.
 */

export type { AuthorizationBackend, EmbeddedAuthorizationOptions } from './authorization-backend.ts';
export { DEFAULT_POLICIES_DIR, startEmbeddedAuthorization } from './authorization-backend.ts';
export type { AuthorizationStartErrorCode } from './authorization-error.ts';
export { AuthorizationStartError } from './authorization-error.ts';
export { startupBanner } from './banner.ts';
export type { ApplicationOptions, RunningApplication } from './start-application.ts';
export { startApplication } from './start-application.ts';
export { startTopazAuthorization } from './topaz-authorization.ts';
