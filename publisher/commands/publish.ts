/**
 * `wiki-publish [site]`: the command around {@link publishSite}. Flags override `mkdocs.yml`;
 * `--json` prints the report on stdout (progress then goes to stderr); the exit code says how the
 * build ended (see `exit-codes.ts`).
 */

import type { Clock } from '@gatehousejs/core';
import { type ArgsDef, defineCommand } from 'citty';
import { type ConsolaInstance, createConsola } from 'consola';
import { publishSite } from '../build/index.ts';
import { EXIT_CODES } from '../exit-codes.ts';
import { githubAnnotations } from '../report/index.ts';
import { type PublishOptions, publishOptionsSchema, SETTING_NAMES } from '../settings/index.ts';
import { VERSION } from '../version.ts';

/** What tests (or an embedding program) may pass through citty's `data` instead of process globals. */
export interface PublishCommandData {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly logger?: ConsolaInstance;
  readonly clock?: Clock;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly random?: () => number;
  readonly cwd?: string;
  /** Where `--json` writes (default `process.stdout`). */
  readonly stdout?: { write(text: string): unknown };
  /** Receives the exit code (default: sets `process.exitCode`). */
  readonly setExitCode?: (code: number) => void;
}

const DEFAULTS: Readonly<Record<string, unknown>> = publishOptionsSchema.parse({});

function described(key: string, description: string): string {
  const value = DEFAULTS[key];
  return value === undefined || value === false ? description : `${description} (default: ${String(value)})`;
}

// Flags have no citty defaults: an absent flag must not override mkdocs.yml.
const settingArgs: ArgsDef = Object.fromEntries(
  SETTING_NAMES.map((setting) => [
    setting.flag,
    setting.type === 'boolean'
      ? { type: 'boolean', description: described(setting.key, setting.description) }
      : {
          type: 'string',
          description: described(setting.key, setting.description),
          valueHint: setting.type === 'number' ? 'number' : (setting.file ?? setting.flag),
        },
  ]),
);

const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
const KNOWN_FLAGS = new Set([
  'json',
  'format',
  'help',
  'version',
  ...SETTING_NAMES.flatMap((setting) => [setting.flag, camel(setting.flag)]),
]);

/** The first `--flag` the command does not know (citty would ignore it silently), if any. */
function unknownFlag(rawArgs: readonly string[]): string | undefined {
  for (const arg of rawArgs) {
    if (arg === '--') break;
    if (!arg.startsWith('--')) continue;
    const name = arg.slice(2).split('=')[0] ?? '';
    if (
      !KNOWN_FLAGS.has(name) &&
      !KNOWN_FLAGS.has(name.replace(/^no-?/i, '').replace(/^[A-Z]/, (c) => c.toLowerCase()))
    ) {
      return arg.split('=')[0];
    }
  }
  return undefined;
}

function optionsFrom(args: Record<string, unknown>): PublishOptions {
  const options: Record<string, unknown> = { site: typeof args.site === 'string' ? args.site : '.' };
  for (const setting of SETTING_NAMES) {
    const value = args[setting.flag];
    if (value === undefined) continue;
    if (setting.type === 'number' && typeof value === 'string') {
      const number = Number(value);
      options[setting.key] = value.trim() !== '' && Number.isFinite(number) ? number : value;
    } else options[setting.key] = value;
  }
  return options as PublishOptions;
}

const FORMATS = ['text', 'json', 'github'];

/** The `wiki-publish` command. */
export const publishCommand = defineCommand({
  meta: {
    name: 'wiki-publish',
    version: VERSION,
    description:
      'Publish a Markdown site (MkDocs) to Confluence: Cloud through REST v2, Data Center and Server through REST v1 (api_version: auto detects). Credentials come from WIKI_USERNAME + WIKI_API_TOKEN or WIKI_BEARER_TOKEN. Exit codes: 0 ok, 1 internal error, 2 usage or configuration, 3 credentials or permission, 4 space or parent page not found, 5 wiki unreachable or gone mid-run, 6 soft failures (or content warnings with --strict).',
  },
  args: {
    site: {
      type: 'positional',
      required: false,
      default: '.',
      description: 'folder with mkdocs.yml, the mkdocs.yml file, or a bare docs folder',
    },
    ...settingArgs,
    json: {
      type: 'boolean',
      description: 'print the report as JSON on stdout (progress goes to stderr); same as --format json',
    },
    format: {
      type: 'string',
      valueHint: 'text|json|github',
      description:
        'output: text (default), json (the report on stdout), github (GitHub Actions annotations with file and line on stdout, after the progress)',
    },
    version: { type: 'boolean', description: 'print the version and exit' },
  },
  async run({ args, data, rawArgs }) {
    const injected = (data ?? {}) as PublishCommandData;
    const format = args.json === true ? 'json' : (args.format ?? 'text');
    const logger =
      injected.logger ??
      createConsola({ stdout: format === 'json' ? process.stderr : process.stdout, stderr: process.stderr });
    const setExitCode = injected.setExitCode ?? ((code: number) => (process.exitCode = code));
    const stdout = injected.stdout ?? process.stdout;
    if (args.version === true) {
      stdout.write(`${VERSION}\n`);
      setExitCode(EXIT_CODES.ok);
      return undefined;
    }
    const unknown = unknownFlag(rawArgs);
    const usage = unknown
      ? `unknown option ${unknown}`
      : FORMATS.includes(format)
        ? undefined
        : `--format must be one of ${FORMATS.join(', ')}, not "${format}"`;
    if (usage) {
      logger.error(`${usage} (see wiki-publish --help)`);
      setExitCode(EXIT_CODES.configuration);
      return undefined;
    }
    const report = await publishSite(optionsFrom(args), {
      logger,
      optionSource: 'flag',
      ...(injected.env ? { env: injected.env } : {}),
      ...(injected.clock ? { clock: injected.clock } : {}),
      ...(injected.sleep ? { sleep: injected.sleep } : {}),
      ...(injected.random ? { random: injected.random } : {}),
      ...(injected.cwd ? { cwd: injected.cwd } : {}),
    });
    if (format === 'json') stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    if (format === 'github') stdout.write(githubAnnotations(report, injected.cwd ?? process.cwd()));
    setExitCode(report.exitCode);
    return report;
  },
});
