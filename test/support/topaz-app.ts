/**
 * The whole application on a real Topaz for one test file (`npm run test:topaz`): the test stack
 * (PostgreSQL, the development provider, the location service), a Topaz of its own from the user's
 * `topazd` with the repository's policies and manifest, and the application with Topaz as its
 * decision service and directory, as `npm run start:topaz` runs it.
 */
import { TOPAZ_DEFAULTS, type TopazSettings } from '../../app/config/index.ts';
import { startTopazAuthorization } from '../../app/server/index.ts';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app.ts';
import { startTestTopaz, type TestTopaz } from './topaz.ts';

/** The application with its Topaz. */
export interface TopazTestApp extends TestApp {
  readonly topaz: TestTopaz;
}

/** The application's settings for `topaz` (as `npm run start:topaz` sets them), `overrides` on top. */
export function topazSettingsOf(topaz: TestTopaz, overrides: Partial<TopazSettings> = {}): TopazSettings {
  return {
    url: topaz.authorizerUrl,
    directoryUrl: topaz.directoryUrl,
    tenantId: undefined,
    apiKey: undefined,
    caCertFile: topaz.caFile,
    insecure: false,
    policyInstanceName: TOPAZ_DEFAULTS.policyInstanceName,
    timeoutMs: TOPAZ_DEFAULTS.timeoutMs,
    pool: { minConnections: TOPAZ_DEFAULTS.minConnections, maxConnections: TOPAZ_DEFAULTS.maxConnections },
    ...overrides,
  };
}

/**
 * Starts Topaz, the stack and the application; call `stop()` in `afterAll` (it stops Topaz too).
 *
 * @example
 * const app = await startTopazTestApp();
 * const alice = apiClient(await app.signIn('alice'));
 */
export async function startTopazTestApp(
  options: Omit<TestAppOptions, 'authorization'> & { readonly topaz?: Partial<TopazSettings> } = {},
): Promise<TopazTestApp> {
  const topaz = await startTestTopaz();
  try {
    const app = await startTestApp({
      ...options,
      authorization: () => startTopazAuthorization(topazSettingsOf(topaz, options.topaz)),
    });
    return {
      ...app,
      topaz,
      get running() {
        return app.running;
      },
      get url() {
        return app.url;
      },
      async stop() {
        try {
          await app.stop();
        } finally {
          await topaz.stop();
        }
      },
    };
  } catch (error) {
    await topaz.stop();
    throw error;
  }
}
