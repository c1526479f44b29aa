/**
 * The whole application for one test file, as `npm start` runs it: the development stack on free
 * loopback ports, the migrated database, the embedded engine with its directory in PostgreSQL,
 * and the application on the port the stack reserved. Signing in goes through the provider's
 * login form ({@link signIn}).
 */

import type { Clock, DecisionService, RelationDirectory } from '@gatehousejs/core';
import {
  connectDatabase,
  createRepositories,
  type Database,
  migrate,
  type Repositories,
} from '../../app/db/index.ts';
import type { RelayTimers } from '../../app/directory-sync/index.ts';
import {
  type AuthorizationBackend,
  type RunningApplication,
  startApplication,
  startEmbeddedAuthorization,
} from '../../app/server/index.ts';
import { startTestStack, type TestStack } from './dev-stack.ts';
import { type SignedInClient, signIn } from './sign-in.ts';

/** Options of {@link startTestApp}. */
export interface TestAppOptions {
  /** Extra environment for the settings (e.g. `{ LOCATION_CACHE_TTL_SECONDS: '0' }`). */
  readonly env?: Record<string, string>;
  /** Wraps the directory the outbox relay writes to (e.g. to inject failures). */
  readonly directory?: (directory: RelationDirectory) => RelationDirectory;
  /** Wraps the decision service the application asks (e.g. to make it unavailable). */
  readonly decisionService?: (service: DecisionService) => DecisionService;
  /** Timers of the relay's sweep (default: timers that never fire, so tests drive the relay). */
  readonly relayTimers?: RelayTimers;
  /** The application's clock (sessions, decisions, relay); default the system clock. */
  readonly clock?: Clock;
  /**
   * Starts the decision service and directory (default: the embedded engine with its directory in
   * the database); stopped with the application.
   */
  readonly authorization?: (sql: Database, stack: TestStack) => Promise<AuthorizationBackend>;
}

/** A running application with its stack. */
export interface TestApp {
  readonly stack: TestStack;
  readonly sql: Database;
  readonly repos: Repositories;
  readonly authorization: AuthorizationBackend;
  readonly running: RunningApplication;
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** What the application logged (warnings and errors), for assertions. */
  readonly logs: { readonly level: 'warn' | 'error'; readonly message: string }[];
  /** Signs a development user in through the login form. */
  signIn(username: string): Promise<SignedInClient>;
  /** Stops the application only (the stack, database and engine stay), e.g. to start another. */
  restart(options?: Omit<TestAppOptions, 'env' | 'authorization'>): Promise<RunningApplication>;
  stop(): Promise<void>;
}

/** Timers that never fire: the sweep is driven by the test through `relay.flush()`. */
export const manualRelayTimers: RelayTimers = { setTimeout: () => undefined, clearTimeout: () => {} };

/**
 * Starts stack and application; call `stop()` in `afterAll`.
 *
 * @example
 * const app = await startTestApp();
 * const alice = await app.signIn('alice');
 * const res = await alice.fetch('/api/documents', { method: 'POST', … });
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const stack = await startTestStack(options.env);
  let sql: Database | undefined;
  let authorization: AuthorizationBackend | undefined;
  try {
    sql = await connectDatabase(stack.services.databaseUrl);
    await migrate(sql);
    authorization = options.authorization
      ? await options.authorization(sql, stack)
      : await startEmbeddedAuthorization({
          sql,
          allowUnknownLocation: stack.settings.authorization.allowUnknownLocation,
          directoryLoading: stack.settings.authorization.directoryLoading,
        });
    const backend = authorization;
    const logs: TestApp['logs'] = [];
    const logger = {
      warn: (message: string) => logs.push({ level: 'warn', message }),
      error: (message: string) => logs.push({ level: 'error', message }),
    };
    const db = sql;
    const launch = (launchOptions: Omit<TestAppOptions, 'env' | 'authorization'>) =>
      startApplication({
        settings: stack.settings,
        services: stack.services,
        sql: db,
        authorization: {
          ...backend,
          directory: launchOptions.directory?.(backend.directory) ?? backend.directory,
          decisionService:
            launchOptions.decisionService?.(backend.decisionService) ?? backend.decisionService,
        },
        relayTimers: launchOptions.relayTimers ?? manualRelayTimers,
        logger,
        clock: launchOptions.clock,
      });
    let running = await launch(options);
    return {
      stack,
      sql: db,
      repos: createRepositories(db),
      logs,
      authorization: backend,
      get running() {
        return running;
      },
      get url() {
        return running.url;
      },
      signIn: (username) => signIn(stack.appBaseUrl, { username, password: stack.password }),
      async restart(next = {}) {
        await running.stop();
        running = await launch(next);
        return running;
      },
      async stop() {
        await running.stop();
        await backend.close();
        await db.end({ timeout: 5 });
        await stack.stop();
      },
    };
  } catch (error) {
    await authorization?.close().catch(() => {});
    await sql?.end({ timeout: 1 }).catch(() => {});
    await stack.stop();
    throw error;
  }
}
