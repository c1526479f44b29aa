/**
 * `npm run bench -- app-infra`: start-up time of the embedded development stack (cold: a new
 * data directory with initdb; warm: an existing one), migrations, a full browser-style sign-in,
 * and the cost of the session lookup on a request.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { type AuthEnv, createAuth } from '../app/auth/index.ts';
import { loadSettings } from '../app/config/index.ts';
import { connectDatabase, migrate } from '../app/db/index.ts';
import { startDevStack } from '../app/stack/index.ts';
import { freePort } from '../test/support/free-port.ts';
import { serveApp } from '../test/support/serve-app.ts';
import { signIn } from '../test/support/sign-in.ts';
import { formatDuration, measure, printTable } from './measure.ts';

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = process.hrtime.bigint();
  const result = await work();
  return [result, Number(process.hrtime.bigint() - start)];
}

/** Runs the benchmark and prints its figures. */
export async function run(): Promise<void> {
  const root = await mkdtemp(path.join(tmpdir(), 'gatehouse-bench-'));
  await chmod(root, 0o755);
  const appPort = await freePort();
  const settings = loadSettings({
    PORT: String(appPort),
    DATA_DIR: path.join(root, 'data'),
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    OIDC_PROVIDER_PORT: String(await freePort()),
    LOCATION_SERVICE_PORT: String(await freePort()),
  });
  try {
    const [cold, coldNs] = await timed(() => startDevStack(settings));
    const [, stopNs] = await timed(() => cold.stop());
    const [stack, warmNs] = await timed(() => startDevStack(settings));
    const sql = await connectDatabase(stack.services.databaseUrl);
    const [, migrateNs] = await timed(() => migrate(sql));
    const [, noopNs] = await timed(() => migrate(sql));
    const auth = createAuth({
      sql,
      ...stack.services.oidc,
      appBaseUrl: settings.appBaseUrl,
      sessionSecret: stack.services.sessionSecret,
    });
    const app = new OpenAPIHono<AuthEnv>();
    app.use('*', auth.session);
    app.route('/', auth.routes);
    app.get('/me', (c) => c.json({ user: c.get('user') }));
    const served = await serveApp(app, appPort);
    try {
      printTable('Development stack start-up (one run each)', [
        { step: 'cold start (initdb + PostgreSQL + provider + location)', time: formatDuration(coldNs) },
        { step: 'stop', time: formatDuration(stopNs) },
        { step: 'warm start (existing data directory)', time: formatDuration(warmNs) },
        { step: 'migrate a fresh database', time: formatDuration(migrateNs) },
        { step: 'migrate when current (no-op)', time: formatDuration(noopNs) },
      ]);
      const usernames = ['alice', 'bob', 'charlie'];
      let turn = 0;
      const signIns = await measure(
        'full sign-in (login form, code exchange, ID token check, session)',
        () => signIn(settings.appBaseUrl, { username: usernames[turn++ % 3]! }),
        { batch: 1, samples: 30, warmup: 3 },
      );
      const alice = await signIn(settings.appBaseUrl, { username: 'alice' });
      const signedIn = await measure(
        'GET /me with a session (cookie check + SQL lookup)',
        async () => {
          await (await alice.fetch('/me')).arrayBuffer();
        },
        { batch: 20, samples: 50, warmup: 100 },
      );
      const anonymous = await measure(
        'GET /me without a session',
        async () => {
          await (await fetch(`${settings.appBaseUrl}/me`)).arrayBuffer();
        },
        { batch: 20, samples: 50, warmup: 100 },
      );
      printTable(
        'Sign-in and sessions over HTTP on 127.0.0.1',
        [signIns, signedIn, anonymous].map((m) => ({
          operation: m.name,
          median: formatDuration(m.medianNs),
          p99: formatDuration(m.p99Ns),
          'per second': Math.round(m.opsPerSecond),
        })),
      );
    } finally {
      await served.close();
      await sql.end();
      await stack.stop();
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
