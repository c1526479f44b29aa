/**
 * Running the application: sign-in, the location client, the API with its authorization and
 * outbox relay, served on `HOST`:`PORT` (127.0.0.1 by default), with expired sessions removed and
 * documents trashed and access log entries kept longer than their retention purged at start and
 * hourly.
 */

import type { Clock, Logger } from '@gatehousejs/core';
import { getRequestListener } from '@hono/node-server';
import { createAuth } from '../auth/index.ts';
import type { AppSettings } from '../config/index.ts';
import type { Database } from '../db/index.ts';
import { type RelayPass, type RelayTimers, remoteDirectoryReplica } from '../directory-sync/index.ts';
import { createApp, type DocumentApp } from '../http/index.ts';
import { createLocationClient } from '../location/index.ts';
import { listenOnLoopback, type StackServices } from '../stack/index.ts';
import type { AuthorizationBackend } from './authorization-backend.ts';

const SESSION_CLEANUP_MS = 3_600_000;

/** What {@link startApplication} runs on. */
export interface ApplicationOptions {
  readonly settings: AppSettings;
  /** Where the services are (from `startDevStack`, or external). */
  readonly services: StackServices;
  /** The migrated database. */
  readonly sql: Database;
  readonly authorization: AuthorizationBackend;
  readonly clock?: Clock;
  readonly logger?: Logger;
  /** Timers of the outbox relay's sweep (default: real timers). */
  readonly relayTimers?: RelayTimers;
}

/** A running application. */
export interface RunningApplication {
  /** `http://127.0.0.1:<port>` (or the `HOST` it listens on). */
  readonly url: string;
  readonly documentApp: DocumentApp;
  /** What the relay delivered at start-up (changes an earlier run committed but did not deliver). */
  readonly startupDelivery: RelayPass;
  /** Stops serving, the relay and the session cleanup; the database and backend stay open. */
  stop(): Promise<void>;
}

/**
 * Builds and serves the application.
 *
 * @throws {MissingPoliciesError} when a route has no policy; {StackError} `port_in_use`
 * @example
 * const running = await startApplication({ settings, services: stack.services, sql, authorization });
 * console.log(running.url);
 */
export async function startApplication(options: ApplicationOptions): Promise<RunningApplication> {
  const { settings, services, sql } = options;
  // Built below; sign-in only runs once the application serves.
  let documentApp: DocumentApp | undefined;
  const auth = createAuth({
    sql,
    ...services.oidc,
    appBaseUrl: services.appBaseUrl,
    sessionSecret: services.sessionSecret,
    cookieSecure: services.cookieSecure,
    singleLogout: settings.session.singleLogout,
    clock: options.clock,
    // The signed-in user's directory object is delivered before the session starts: Topaz
    // resolves every subject to a directory user and denies one it does not know.
    afterUserSaved: async () => documentApp?.relay.flush(),
  });
  const location = createLocationClient({
    url: services.locationServiceUrl,
    cacheTtlSeconds: settings.locationService.cacheTtlSeconds,
    clock: options.clock,
  });
  // A directory every replica reads (Topaz): the replicas tell each other of deliveries.
  const replica =
    options.authorization.replica ?? (await remoteDirectoryReplica(sql, options.logger ?? console));
  documentApp = createApp({
    sql,
    decisionService: options.authorization.decisionService,
    directory: options.authorization.directory,
    graph: options.authorization.graph,
    replica,
    policyPackages: options.authorization.policyPackages,
    auth,
    location,
    settings: {
      decisionCacheTtlSeconds: settings.authorization.decisionCacheTtlSeconds,
      ...(options.relayTimers ? { relay: { timers: options.relayTimers } } : {}),
    },
    clock: options.clock,
    logger: options.logger,
  });
  const closeApp = async () => {
    try {
      await documentApp.close();
    } finally {
      await replica.close();
    }
  };
  const startupDelivery = await documentApp.start();
  let server: Awaited<ReturnType<typeof listenOnLoopback>>;
  try {
    server = await listenOnLoopback(
      getRequestListener(documentApp.app.fetch),
      settings.port,
      'application (PORT)',
      settings.host,
    );
  } catch (error) {
    await closeApp();
    throw error;
  }
  let purging: Promise<unknown> = Promise.resolve();
  const purgeTrash = () => {
    purging = documentApp.services.trash
      .purgeExpired()
      .catch((error: unknown) => options.logger?.warn(`purging the trash failed: ${String(error)}`));
  };
  purgeTrash();
  const purgeAccessLog = () =>
    documentApp.services.accessLog
      .purgeExpired(settings.accessLog.retentionDays)
      .catch((error: unknown) => options.logger?.warn(`purging the access log failed: ${String(error)}`));
  let purgingLog: Promise<unknown> = purgeAccessLog();
  const cleanup = setInterval(() => {
    auth
      .deleteExpiredSessions()
      .catch((error: unknown) => options.logger?.warn(`session cleanup failed: ${String(error)}`));
    purgeTrash();
    purgingLog = purgeAccessLog();
  }, SESSION_CLEANUP_MS).unref();
  let stopping: Promise<void> | undefined;
  return {
    url: server.url,
    documentApp,
    startupDelivery,
    stop() {
      stopping ??= (async () => {
        clearInterval(cleanup);
        await purging;
        await purgingLog;
        try {
          await server.close();
        } finally {
          await closeApp();
        }
      })();
      return stopping;
    },
  };
}
