/**
 * @module app/server
 * Running the document application: the embedded authorization backend (engine and directory in
 * the application's PostgreSQL), the served application, and the start-up banner. The composition
 * root (`app/main.ts`) chooses the backend and wires these together.
 */
export type { AuthorizationBackend, EmbeddedAuthorizationOptions } from './authorization-backend.ts';
export { DEFAULT_POLICIES_DIR, startEmbeddedAuthorization } from './authorization-backend.ts';
export { startupBanner } from './banner.ts';
export type { ApplicationOptions, RunningApplication } from './start-application.ts';
export { startApplication } from './start-application.ts';
