/**
 * Settings resolution: the `wiki-publish` block of `mkdocs.yml`, overridden by flags (or the
 * caller's options), validated with the defaults of {@link publishOptionsSchema}. Unknown keys and
 * bad values are errors naming the setting as it was written.
 */
import { PublishError } from '../errors.ts';
import { type PublishConfig, type PublishOptions, publishOptionsSchema } from './publish-options.ts';
import { SETTING_NAMES, settingLabel } from './setting-names.ts';
import { loadSiteFile, type SiteFile } from './site-file.ts';

/** The validated settings and the site they belong to. */
export interface ResolvedSettings {
  readonly config: PublishConfig;
  readonly site: SiteFile;
}

const CREDENTIAL_KEYS = new Set([
  'username',
  'password',
  'api_token',
  'token',
  'user',
  'bearer_token',
  'credentials',
]);

function fileValues(settings: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [fileKey, value] of Object.entries(settings)) {
    if (CREDENTIAL_KEYS.has(fileKey)) {
      throw new PublishError(
        'config_invalid',
        `mkdocs.yml sets ${fileKey}: credentials are read only from the environment (WIKI_USERNAME + WIKI_API_TOKEN, or WIKI_BEARER_TOKEN)`,
      );
    }
    const name = SETTING_NAMES.find((setting) => setting.file === fileKey);
    if (!name) {
      const known = SETTING_NAMES.flatMap((setting) => (setting.file ? [setting.file] : [])).join(', ');
      throw new PublishError(
        'config_invalid',
        `unknown setting ${fileKey} under wiki-publish in mkdocs.yml (known: ${known})`,
      );
    }
    if (value !== null && value !== undefined) values[name.key] = value;
  }
  return values;
}

/**
 * Reads the site and resolves its settings.
 *
 * @param options settings given by the caller; they win over `mkdocs.yml`
 * @param source how the caller's settings are named in messages (`flag`: `--timeout`)
 * @example
 * const { config, site } = await resolveSettings({ site: 'docs-site', dryRun: true }, process.env, 'option');
 */
export async function resolveSettings(
  options: PublishOptions,
  env: Readonly<Record<string, string | undefined>>,
  source: 'flag' | 'option',
): Promise<ResolvedSettings> {
  const site = await loadSiteFile(options.site ?? '.', env);
  const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const merged = { ...fileValues(site.settings), ...given };
  const result = publishOptionsSchema.safeParse(merged);
  if (!result.success) {
    const issue = result.error.issues[0];
    const key = String(issue?.path[0] ?? (issue && 'keys' in issue ? (issue.keys as string[])[0] : '') ?? '');
    const label = settingLabel(key, key in given ? source : 'file');
    throw new PublishError(
      'config_invalid',
      `invalid setting ${label}: ${issue?.message ?? 'invalid value'}`,
      {
        cause: result.error,
      },
    );
  }
  return { config: result.data, site };
}
