/**
 * @module publisher/settings
 * Settings: the zod schema with the defaults, their three spellings (option, mkdocs.yml, flag),
 * reading mkdocs.yml (with `!ENV`), credentials from the environment, and the host URL rules.
 */
export type { Credentials } from './credentials.ts';
export { authorizationHeader, CREDENTIAL_VARIABLES, credentialsFromEnv } from './credentials.ts';
export { checkHostUrl } from './host-url.ts';
export { parseMkdocsYaml } from './mkdocs-yaml.ts';
export type { PublishConfig, PublishOptions } from './publish-options.ts';
export { publishOptionsSchema } from './publish-options.ts';
export type { ResolvedSettings } from './resolve-settings.ts';
export { resolveSettings } from './resolve-settings.ts';
export type { SettingName } from './setting-names.ts';
export { SETTING_NAMES, settingLabel } from './setting-names.ts';
export type { SiteFile } from './site-file.ts';
export { loadSiteFile } from './site-file.ts';
