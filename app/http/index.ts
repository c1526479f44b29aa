/**
 * @module app/http
 * The document application over HTTP: `createApp(deps)` builds the JSON API (described at
 * `/openapi.json`), sign-in, authorization (policy root `webapp`) and the directory outbox relay
 * from its dependencies.
 */
export type { AppEnv, AppVariables } from './app-env.ts';
export type { AppAuthzOptions } from './authorization.ts';
export {
  createAppAuthz,
  EXCLUDED_PATHS,
  locationAwareResourceContext,
  POLICY_ROOT,
} from './authorization.ts';
export type { AppDeps, DocumentApp } from './create-app.ts';
export { createApp } from './create-app.ts';
export { documentJson, summaryJson } from './document-wire.ts';
export type { ErrorBody } from './error-responses.ts';
export { requestAccess } from './request-access.ts';
