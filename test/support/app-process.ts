/**
 * The application as an operating-system process, started as `npm start` starts it
 * (`app/main.ts` under tsx) with every service external: the database, the OpenID provider and
 * the location service of a test stack. For tests that run several replicas and kill one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestStack } from './dev-stack.ts';
import { freePort } from './free-port.ts';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A running application process. */
export interface AppProcess {
  /** `http://127.0.0.1:<port>` of this process. */
  readonly url: string;
  readonly pid: number;
  /** What the process printed so far (stdout and stderr). */
  output(): string;
  /** Sends `signal` and resolves once the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `app/main.ts` on a free port against `stack`'s services and waits until `/health` answers 200.
 *
 * @param env extra environment (e.g. `{ DECISION_CACHE_TTL_SECONDS: '60' }`)
 * @throws when the process exits or is not healthy within `timeoutMs` (default 90 s), with its output
 * @example
 * const replica = await startAppProcess(stack, { DECISION_CACHE_TTL_SECONDS: '60' });
 * await replica.kill('SIGKILL');
 */
export async function startAppProcess(
  stack: TestStack,
  env: Record<string, string> = {},
  timeoutMs = 90_000,
): Promise<AppProcess> {
  const port = await freePort();
  const { services, settings } = stack;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'app/main.ts')],
    {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: path.join(settings.dataDir, `replica-${port}`),
        DATABASE_URL: services.databaseUrl,
        OIDC_ISSUER: services.oidc.issuer,
        OIDC_CLIENT_ID: services.oidc.clientId,
        OIDC_CLIENT_SECRET: services.oidc.clientSecret,
        LOCATION_SERVICE_URL: services.locationServiceUrl,
        SESSION_SECRET: services.sessionSecret,
        APP_BASE_URL: stack.appBaseUrl,
        ALLOW_UNKNOWN_LOCATION: String(settings.authorization.allowUnknownLocation),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + timeoutMs;
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`the application process exited during start-up:\n${output}`);
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the application process was not healthy within ${timeoutMs} ms:\n${output}`);
    }
    const healthy = await fetch(`${url}/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid as number,
    output: () => output,
    async kill(signal) {
      if (!gone) child.kill(signal);
      await exited;
    },
  };
}
