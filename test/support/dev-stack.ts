/**
 * The development stack for one test file: PostgreSQL, the OpenID provider and the location
 * service on free loopback ports, data in a temporary folder removed by `stop()`. The
 * application's port is chosen too, so the provider knows its redirect URI before the app runs.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AppSettings, loadSettings } from '../../app/config/index.ts';
import { type DevStack, startDevStack } from '../../app/stack/index.ts';
import { freePort } from './free-port.ts';

/** A running test stack. */
export interface TestStack extends DevStack {
  /** The settings it was started with (as `npm start` would read them). */
  readonly settings: AppSettings;
  /** Port reserved for the application under test. */
  readonly appPort: number;
  /** `http://127.0.0.1:<appPort>`, the provider's registered redirect origin. */
  readonly appBaseUrl: string;
  /** The development users' password. */
  readonly password: string;
}

/**
 * Starts the stack; call `stop()` in `afterAll`.
 *
 * @param env extra environment (e.g. `{ DEV_USER_PASSWORD: 's3cret' }`); ports and `DATA_DIR` are set here
 * @example
 * const stack = await startTestStack();
 * const sql = await connectDatabase(stack.services.databaseUrl);
 */
export async function startTestStack(env: Record<string, string> = {}): Promise<TestStack> {
  // mkdtemp makes the folder private; the postgres system user must be able to enter it.
  const root = await mkdtemp(path.join(tmpdir(), 'gatehouse-stack-'));
  await chmod(root, 0o755);
  const appPort = await freePort();
  const settings = loadSettings({
    PORT: String(appPort),
    OIDC_PROVIDER_PORT: String(await freePort()),
    LOCATION_SERVICE_PORT: String(await freePort()),
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    DATA_DIR: path.join(root, 'data'),
    // `DIRECTORY_LOADING=on-demand npx vitest run test/app-….test.ts` runs a suite on either store.
    ...(process.env.DIRECTORY_LOADING ? { DIRECTORY_LOADING: process.env.DIRECTORY_LOADING } : {}),
    ...env,
  });
  try {
    const stack = await startDevStack(settings);
    return {
      ...stack,
      settings,
      appPort,
      appBaseUrl: settings.appBaseUrl,
      password: settings.oidc.devUserPassword,
      async stop() {
        try {
          await stack.stop();
        } finally {
          await rm(root, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
}
