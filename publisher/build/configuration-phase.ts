/**
 * Phase 1 (MkDocs `on_config`): settings validated, credentials read, the wiki session opened,
 * the space checked and the parent page resolved. Every failure here is a hard failure with a
 * message that says what to fix. A dry run stops after the settings: no credentials, no network.
 */

import type { Clock } from '@gatehousejs/core';
import type { ConsolaInstance } from 'consola';
import { PublishError } from '../errors.ts';
import {
  authorizationHeader,
  checkHostUrl,
  credentialsFromEnv,
  type PublishConfig,
  type PublishOptions,
  resolveSettings,
  type SiteFile,
} from '../settings/index.ts';
import {
  chooseApiVersion,
  createWikiApi,
  createWikiTransport,
  WikiRequestError,
  type WikiSession,
} from '../wiki/index.ts';

/** The result of the configuration phase. */
export interface Configured {
  readonly config: PublishConfig;
  readonly site: SiteFile;
  /** Absent in a dry run. */
  readonly wiki?: WikiSession;
}

/** What the configuration phase needs from its caller. */
export interface ConfigurationInput {
  readonly options: PublishOptions;
  readonly source: 'flag' | 'option';
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly clock: Clock;
  readonly sleep: (ms: number) => Promise<void>;
  readonly random: () => number;
  readonly logger: ConsolaInstance;
}

function required<T>(value: T | undefined, file: string, flag: string): T {
  if (value !== undefined) return value;
  throw new PublishError(
    'config_missing',
    `${file} is not set: give --${flag}, or set ${file} under "extra: wiki_publish:" in mkdocs.yml (or use --dry-run)`,
  );
}

function explain(error: unknown, what: string): never {
  if (!(error instanceof WikiRequestError)) throw error;
  if (error.status === 401) {
    throw new PublishError(
      'credentials_rejected',
      `the wiki rejected the credentials (401) while reading ${what}; check WIKI_USERNAME and WIKI_API_TOKEN (or WIKI_BEARER_TOKEN)`,
      { cause: error },
    );
  }
  if (error.status === 403) {
    throw new PublishError(
      'permission_denied',
      `the wiki denied access to ${what} (403); the token needs read/write access to the space`,
      { cause: error },
    );
  }
  if (error.status === 410) {
    throw new PublishError(
      'config_invalid',
      `the wiki answered 410 Gone while reading ${what}: Confluence Cloud removed these REST v1 endpoints (for OAuth tokens); set api_version to auto or v2`,
      { cause: error },
    );
  }
  if (error.status === 404) {
    throw new PublishError(
      'space_not_found',
      `${what} not found (or not visible to this user); check space and host_url (Confluence Cloud needs …/wiki)`,
      { cause: error },
    );
  }
  throw new PublishError(error.code, `could not read ${what}: ${error.message}`, { cause: error });
}

async function openSession(config: PublishConfig, input: ConfigurationInput): Promise<WikiSession> {
  const hostUrl = required(config.hostUrl, 'host_url', 'host-url');
  const space = required(config.space, 'space', 'space');
  const baseUrl = checkHostUrl(hostUrl, config.allowHttpLoopback);
  const credentials = credentialsFromEnv(input.env);
  const transport = createWikiTransport({
    baseUrl,
    authorization: authorizationHeader(credentials),
    timeoutMs: config.timeout * 1000,
    retry: {
      retries: config.retries,
      baseDelayMs: config.retryBaseDelay * 1000,
      maxDelayMs: config.retryMaxDelay * 1000,
      maxRetryAfterMs: config.maxRetryAfter * 1000,
    },
    rateLimit: config.rateLimit,
    clock: input.clock,
    sleep: input.sleep,
    random: input.random,
    onRetry: (notice) =>
      input.logger.info(
        `${notice.method} ${notice.path}: ${notice.reason}; retry ${notice.attempt} in ${(notice.delayMs / 1000).toFixed(1)} s`,
      ),
  });
  const apiChoice = await chooseApiVersion(transport, config.apiVersion).catch((error) =>
    explain(error, `the wiki at ${baseUrl}`),
  );
  input.logger.info(`Wiki API: ${apiChoice.reason}`);
  const api = createWikiApi(transport, apiChoice.version);
  const spaceRecord = await api.getSpace(space).catch((error) => explain(error, `space ${space}`));
  if (!config.parentPageName) {
    if (!spaceRecord.homepageId) {
      throw new PublishError('parent_not_found', `space ${space} has no home page; set parent_page_name`);
    }
    return {
      api,
      apiChoice,
      transport,
      space,
      root: { id: spaceRecord.homepageId, title: spaceRecord.homepageTitle ?? '' },
    };
  }
  const parentName = config.parentPageName;
  const parent = await api
    .findPage(space, parentName)
    .catch((error) => explain(error, `parent page "${parentName}"`));
  if (!parent) {
    throw new PublishError(
      'parent_not_found',
      `parent page "${parentName}" not found in space ${space}; create it or fix parent_page_name`,
    );
  }
  return { api, apiChoice, transport, space, root: { id: parent.id, title: parent.title } };
}

/**
 * Runs the configuration phase.
 *
 * @example
 * const { config, site, wiki } = await configure({ options: { site: '.' }, source: 'option', env, … });
 */
export async function configure(input: ConfigurationInput): Promise<Configured> {
  const { config, site } = await resolveSettings(input.options, input.env, input.source);
  if (config.dryRun) return { config, site };
  return { config, site, wiki: await openSession(config, input) };
}
