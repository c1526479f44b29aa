/**
 * A publishing scenario for tests and the benchmark: the emulated wiki on a free loopback port
 * with a space and the parent page, a private copy of a fixture site, credentials in a private
 * environment, and `publish()` running the real build against it without real waiting.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../test/support/free-port.ts';
import { type PublishDependencies, publishSite } from '../build/index.ts';
import { type ConfluenceEmulator, type EmulatorOptions, startConfluenceEmulator } from '../emulator/index.ts';
import type { PublishReport } from '../report/index.ts';
import type { PublishOptions } from '../settings/index.ts';
import { captureLogger } from './capture-logger.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

/** The user and API token the scenario's emulator accepts. */
export const SCENARIO_USER = Object.freeze({
  username: 'publisher@example.com',
  token: 'api-token-for-tests',
});

/** The OAuth token the scenario's emulator accepts (Bearer). */
export const SCENARIO_BEARER_TOKEN = 'oauth-token-for-tests';

/** Options of {@link startScenario}. */
export interface ScenarioOptions {
  /** Credentials the builds use: an API token (Basic, default) or an OAuth token (Bearer). */
  readonly credentials?: 'basic' | 'bearer';
  /** Fixture folder under `publisher/fixtures/`, or an absolute path, to copy (default `nested-site`). */
  readonly fixture?: string;
  readonly emulator?: EmulatorOptions;
  /** Space key (default `DOCS`). */
  readonly space?: string;
  /** Title of the parent page to create in the space (default `Handbook`; `null` for none). */
  readonly parentTitle?: string | null;
}

/** A running scenario. */
export interface Scenario {
  readonly emulator: ConfluenceEmulator;
  /** The private copy of the fixture site. */
  readonly siteDir: string;
  /** Environment with the scenario's credentials. */
  readonly env: Readonly<Record<string, string>>;
  readonly space: string;
  /** Id of the parent page, if one was created. */
  readonly parentId: string | undefined;
  /** Progress messages of every build so far. */
  readonly messages: string[];
  /** Settings every build gets (host, loopback allowance, no pacing, no retry waits). */
  readonly baseOptions: PublishOptions;
  publish(options?: PublishOptions, dependencies?: PublishDependencies): Promise<PublishReport>;
  close(): Promise<void>;
}

/**
 * Starts a scenario.
 *
 * @example
 * const scenario = await startScenario();
 * const report = await scenario.publish();
 */
export async function startScenario(options: ScenarioOptions = {}): Promise<Scenario> {
  const emulator = await startConfluenceEmulator({
    port: await freePort(),
    users: { [SCENARIO_USER.username]: SCENARIO_USER.token },
    bearerTokens: [SCENARIO_BEARER_TOKEN],
    ...options.emulator,
  });
  const space = options.space ?? 'DOCS';
  emulator.addSpace(space, 'Documentation');
  const parentTitle = options.parentTitle === undefined ? 'Handbook' : options.parentTitle;
  const parentId = parentTitle === null ? undefined : emulator.addPage({ space, title: parentTitle }).id;
  const workDir = await mkdtemp(path.join(tmpdir(), 'wiki-publish-'));
  const siteDir = path.join(workDir, 'site');
  await cp(path.resolve(FIXTURES, options.fixture ?? 'nested-site'), siteDir, { recursive: true });
  const env: Record<string, string> =
    options.credentials === 'bearer'
      ? { WIKI_BEARER_TOKEN: SCENARIO_BEARER_TOKEN }
      : { WIKI_USERNAME: SCENARIO_USER.username, WIKI_API_TOKEN: SCENARIO_USER.token };
  const { logger, messages } = captureLogger();
  const baseOptions: PublishOptions = {
    site: siteDir,
    hostUrl: emulator.url,
    space,
    allowHttpLoopback: true,
    rateLimit: 0,
    retryBaseDelay: 0.001,
    parentPollInterval: 0.001,
  };
  return {
    emulator,
    siteDir,
    env,
    space,
    parentId,
    messages,
    baseOptions,
    publish: (overrides = {}, dependencies = {}) =>
      publishSite(
        { ...baseOptions, ...overrides },
        { env, logger, cwd: workDir, sleep: async () => {}, ...dependencies },
      ),
    close: async () => {
      await emulator.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
