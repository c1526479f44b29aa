/**
 * Every setting of `wiki-publish` with its three spellings — the option key (camelCase, the
 * programmatic API), the `mkdocs.yml` key (snake_case, under `extra: wiki_publish:`) and the
 * command-line flag (kebab-case) — its type and its description. One table drives the command's
 * flags, the file reader, error messages and the README.
 */

/** One setting in its three spellings. */
export interface SettingName {
  readonly key: string;
  readonly file: string | undefined;
  readonly flag: string;
  readonly type: 'string' | 'number' | 'boolean';
  readonly description: string;
}

/** The settings, in the order `--help` shows them. */
export const SETTING_NAMES: readonly SettingName[] = [
  {
    key: 'hostUrl',
    file: 'host_url',
    flag: 'host-url',
    type: 'string',
    description: 'wiki base address, e.g. https://example.atlassian.net/wiki (https only)',
  },
  { key: 'space', file: 'space', flag: 'space', type: 'string', description: 'key of the target space' },
  {
    key: 'parentPageName',
    file: 'parent_page_name',
    flag: 'parent-page-name',
    type: 'string',
    description: "title of the page the site goes under (default: the space's home page)",
  },
  {
    key: 'apiVersion',
    file: 'api_version',
    flag: 'api-version',
    type: 'string',
    description:
      'REST API: auto (default: v2 when GET /api/v2/spaces answers, as on Confluence Cloud; else v1), v1 (Data Center, Server) or v2 (Cloud)',
  },
  {
    key: 'dryRun',
    file: 'dry_run',
    flag: 'dry-run',
    type: 'boolean',
    description: 'write wiki-export/ instead of publishing; needs no credentials and no network',
  },
  {
    key: 'exportDir',
    file: 'export_dir',
    flag: 'export-dir',
    type: 'string',
    description: 'folder the dry run writes (relative to the working directory)',
  },
  {
    key: 'timeout',
    file: 'timeout',
    flag: 'timeout',
    type: 'number',
    description: 'seconds before one request is abandoned',
  },
  {
    key: 'retries',
    file: 'retries',
    flag: 'retries',
    type: 'number',
    description: 'retries of one request after a network error, 5xx or 429',
  },
  {
    key: 'retryBaseDelay',
    file: 'retry_base_delay',
    flag: 'retry-base-delay',
    type: 'number',
    description: 'seconds of the first backoff (doubles each retry, with jitter)',
  },
  {
    key: 'retryMaxDelay',
    file: 'retry_max_delay',
    flag: 'retry-max-delay',
    type: 'number',
    description: 'longest backoff in seconds',
  },
  {
    key: 'maxRetryAfter',
    file: 'max_retry_after',
    flag: 'max-retry-after',
    type: 'number',
    description: 'longest Retry-After in seconds the publisher waits out; longer is a failure',
  },
  {
    key: 'rateLimit',
    file: 'rate_limit',
    flag: 'rate-limit',
    type: 'number',
    description: 'most requests started per second (0: no limit)',
  },
  {
    key: 'concurrency',
    file: 'concurrency',
    flag: 'concurrency',
    type: 'number',
    description: 'pages (and attachments of one page) handled at the same time',
  },
  {
    key: 'parentPollAttempts',
    file: 'parent_poll_attempts',
    flag: 'parent-poll-attempts',
    type: 'number',
    description: 'times a child waits for a newly created parent to become visible',
  },
  {
    key: 'parentPollInterval',
    file: 'parent_poll_interval',
    flag: 'parent-poll-interval',
    type: 'number',
    description: 'seconds between those checks',
  },
  {
    key: 'allowSoftFailures',
    file: 'allow_soft_failures',
    flag: 'allow-soft-failures',
    type: 'boolean',
    description: 'exit 0 even when some pages or attachments failed',
  },
  {
    key: 'overwrite',
    file: 'overwrite',
    flag: 'overwrite',
    type: 'boolean',
    description:
      'update pages whose current version was edited in the wiki (default: such pages are skipped with a warning)',
  },
  {
    key: 'strict',
    file: 'strict',
    flag: 'strict',
    type: 'boolean',
    description: 'fail the build (exit 6) on content warnings (anything not converted)',
  },
  {
    key: 'onOrphan',
    file: 'on_orphan',
    flag: 'on-orphan',
    type: 'string',
    description: 'pages below the parent that the site no longer has: report (default), archive or delete',
  },
  {
    key: 'tocMacro',
    file: 'toc_macro',
    flag: 'toc-macro',
    type: 'boolean',
    description: "put Confluence's table-of-contents macro at the top of every page",
  },
  {
    key: 'dropTitleHeading',
    file: 'drop_title_heading',
    flag: 'drop-title-heading',
    type: 'boolean',
    description: 'leave out a first heading that repeats the page title',
  },
  {
    key: 'allowHttpLoopback',
    file: undefined,
    flag: 'allow-http-loopback',
    type: 'boolean',
    description: 'testing only: accept an http:// host_url on 127.0.0.1, ::1 or localhost',
  },
];

/** How a setting is called in the place a value came from. */
export function settingLabel(key: string, source: 'flag' | 'file' | 'option'): string {
  const name = SETTING_NAMES.find((setting) => setting.key === key);
  if (!name) return key;
  if (source === 'flag') return `--${name.flag}`;
  if (source === 'file') return `${name.file} (mkdocs.yml)`;
  return key;
}
