/**
 * @module app/config
 * The application's settings from the environment (ports, service URLs, secrets), validated once
 * at start-up with one clear error naming each bad variable.
 */
export { ConfigError } from './config-error.ts';
export { isLoopbackUrl } from './env-fields.ts';
export type { AppEnvironment, AppSettings } from './settings.ts';
export { appEnvironmentSchema, loadSettings, MIN_SESSION_SECRET_BYTES } from './settings.ts';
export type { TopazSettings } from './topaz-settings.ts';
export { TOPAZ_DEFAULTS } from './topaz-settings.ts';
