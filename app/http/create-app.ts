/**
 * The application factory: the JSON API on Hono with `@hono/zod-openapi`, the server-rendered
 * pages, sign-in, the global authorization middleware and the relationship guards, and the
 * services — built from its dependencies, so tests and the composition root assemble it from real
 * parts alike. Keeping the directory in step (the relay, this replica's view, read-your-writes)
 * is `app/directory-sync`'s; here it is only plugged in.
 */

import {
  type Clock,
  consoleLogger,
  type DecisionService,
  type Logger,
  type RelationDirectory,
  type RelationGraph,
} from '@gatehousejs/core';
import { authzMiddleware, type HonoAuthzConfig, validatePoliciesFromApp } from '@gatehousejs/hono';
import { OpenAPIHono } from '@hono/zod-openapi';
import { type AccessLogSink, createAccessLogSink } from '../access-log/index.ts';
import type { Auth } from '../auth/index.ts';
import { createRepositories, type Database } from '../db/index.ts';
import {
  createDirectorySync,
  type DirectoryReplica,
  type OutboxRelay,
  type OutboxRelayOptions,
  type RelayPass,
} from '../directory-sync/index.ts';
import type { LocationClient } from '../location/index.ts';
import { createServices, type Services } from '../services/index.ts';
import { createPages } from '../ui/index.ts';
import { registerAccessLogRoutes } from './access-log-routes.ts';
import { registerAccessReportRoutes } from './access-report-routes.ts';
import { apiAnswerHeaders } from './api-answer-headers.ts';
import { refuseCrossOriginWrites } from './api-request-origin.ts';
import type { AppEnv } from './app-env.ts';
import { createAppAuthz, EXCLUDED_PATHS } from './authorization.ts';
import { registerDocumentRoutes } from './document-routes.ts';
import { httpError, validationHook } from './error-responses.ts';
import { registerFileRoutes } from './file-routes.ts';
import { registerFolderRoutes } from './folder-routes.ts';
import { registerGroupRoutes } from './group-routes.ts';
import { registerHealthRoute } from './health-route.ts';
import { registerObjectShareRoutes } from './object-share-routes.ts';
import { registerOwnershipRoutes } from './ownership-routes.ts';
import { pageAwareErrorHandler, pageAwareNotFound } from './page-errors.ts';
import { pendingWritesMiddleware } from './pending-writes.ts';
import { readYourWritesMiddleware } from './read-your-writes.ts';
import { requestAccess } from './request-access.ts';
import { requestBodyLimit } from './request-body-limit.ts';
import { registerSearchRoutes } from './search-routes.ts';
import { registerShareRoutes } from './share-routes.ts';
import { registerTrashRoutes } from './trash-routes.ts';
import { registerVersionRoutes } from './version-routes.ts';

/** Largest request body accepted by the API (content is bounded to 1 MiB; JSON escaping may grow it). */
const MAX_BODY_BYTES = 8 * 1_048_576;

/** The dependencies of {@link createApp}. */
export interface AppDeps {
  readonly sql: Database;
  /** The policy decision point: the embedded engine, or Topaz. */
  readonly decisionService: DecisionService;
  /** The directory the decision service reads relations from; the outbox relay writes to it. */
  readonly directory: RelationDirectory;
  /**
   * Reverse lookups on the same directory: which objects a user reaches, who reaches an object
   * and why (the backend's directory: the embedded store or Topaz's `GetGraph`).
   */
  readonly graph: RelationGraph;
  /**
   * This process's view of the directory the replicas share: how it catches up with other
   * replicas' deliveries and tells the decision cache of changes (default: one process alone).
   */
  readonly replica?: DirectoryReplica;
  /** The packages of the loaded policies; every route must have one (checked here). */
  readonly policyPackages: Iterable<string>;
  readonly auth: Auth;
  readonly location: LocationClient;
  readonly settings?: {
    /** Lifetime of cached decisions in seconds; 0 (default) turns the cache off. */
    readonly decisionCacheTtlSeconds?: number;
    /** Options of the access log's batched writer (batch size, interval, queue bound, timers). */
    readonly accessLog?: Omit<Parameters<typeof createAccessLogSink>[0], 'store' | 'logger'>;
    /** Options of the outbox relay (sweep interval, backoff, timers). */
    readonly relay?: Omit<OutboxRelayOptions, 'sql' | 'directory' | 'onDelivered' | 'clock' | 'log'>;
    /**
     * Longest wait, in milliseconds, for this replica to catch up with the caller's last write
     * before answering 503 (default 2,000).
     */
    readonly readYourWritesWaitMs?: number;
  };
  readonly clock?: Clock;
  /** Default: consola. */
  readonly logger?: Logger;
}

/** The application, ready to serve (`app.fetch`). */
export interface DocumentApp {
  readonly app: OpenAPIHono<AppEnv>;
  readonly services: Services;
  readonly authz: HonoAuthzConfig;
  readonly relay: OutboxRelay;
  /** The access log's writer: decisions about documents, written to PostgreSQL in batches. */
  readonly accessLog: AccessLogSink;
  /** Delivers directory changes left by earlier runs, then keeps sweeping. */
  start(): Promise<RelayPass>;
  /** Stops the relay and releases the authorization configuration (not the dependencies). */
  close(): Promise<void>;
}

/**
 * Builds the application and checks at once that every route has a policy.
 *
 * @throws {MissingPoliciesError} stating how many policies are missing
 * @example
 * const documentApp = createApp({ sql, decisionService: engine, directory: engine.directory,
 *   policyPackages: engine.packages, auth, location });
 * await documentApp.start();
 * serve({ fetch: documentApp.app.fetch, port: 8000 });
 */
export function createApp(deps: AppDeps): DocumentApp {
  const logger = deps.logger ?? consoleLogger;
  const repos = createRepositories(deps.sql);
  const accessLog = createAccessLogSink({ ...deps.settings?.accessLog, store: repos.accessLog, logger });
  const sync = createDirectorySync({
    sql: deps.sql,
    directory: deps.directory,
    replica: deps.replica,
    relay: deps.settings?.relay,
    readYourWritesWaitMs: deps.settings?.readYourWritesWaitMs,
    clock: deps.clock,
    log: logger,
  });
  const authz = createAppAuthz({
    auditSink: accessLog,
    // A denial is checked again on this replica's latest view of the directory.
    decisionService: sync.decisions(deps.decisionService),
    location: deps.location,
    decisionCacheTtlSeconds: deps.settings?.decisionCacheTtlSeconds,
    changes: sync.changes,
    clock: deps.clock,
    logger,
  });
  const { relay, afterCommit } = sync;
  const services = createServices({ sql: deps.sql, afterCommit, clock: deps.clock, graph: deps.graph });
  const exists = {
    document: async (id: number) => (await repos.documents.get(id)) !== undefined,
    folder: async (id: number) => (await repos.folders.get(id)) !== undefined,
    trashedDocument: async (id: number) => (await repos.trash.get(id, new Date(0))) !== undefined,
  };

  const pages = createPages({
    services,
    authz,
    access: (c) => requestAccess(c, authz),
    sessionSecret: deps.auth.config.sessionSecret,
    appBaseUrl: deps.auth.config.appBaseUrl,
  });

  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  // First, so that every page answer (error pages included) carries the security headers.
  app.use('*', pages.headers);
  app.use('*', apiAnswerHeaders);
  app.use('*', pendingWritesMiddleware);
  // Before anything is decided: this replica must hold the caller's last write.
  app.use(
    '*',
    readYourWritesMiddleware(sync.freshness, {
      secret: deps.auth.config.sessionSecret,
      secure: deps.auth.config.cookieSecure,
    }),
  );
  app.use('*', deps.auth.session);
  app.on(
    ['POST', 'PUT', 'PATCH', 'DELETE'],
    '/api/*',
    requestBodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => httpError(413, `The request body is larger than ${MAX_BODY_BYTES} bytes`).getResponse(),
    }),
  );
  // Forged or foreign form posts and API writes are refused before any decision is asked for.
  app.use('*', pages.forms);
  app.use('*', refuseCrossOriginWrites(deps.auth.config.appBaseUrl));
  // Registered after the middleware above: a middleware matched after it would count as the
  // route of requests no handler answers.
  app.use('*', authzMiddleware(authz, { excludePaths: EXCLUDED_PATHS }));
  app.route('/', deps.auth.routes);
  registerHealthRoute(app, {
    sql: deps.sql,
    relay,
    breaker: () => authz.circuitBreaker?.state ?? 'closed',
    directory: deps.directory,
  });
  const routeDeps = { services, authz, exists };
  registerDocumentRoutes(app, routeDeps);
  registerFileRoutes(app, routeDeps);
  registerFolderRoutes(app, routeDeps);
  registerShareRoutes(app, routeDeps);
  registerSearchRoutes(app, routeDeps);
  registerVersionRoutes(app, routeDeps);
  registerTrashRoutes(app, routeDeps);
  registerGroupRoutes(app, routeDeps);
  registerObjectShareRoutes(app, routeDeps);
  registerOwnershipRoutes(app, routeDeps);
  registerAccessLogRoutes(app, routeDeps);
  registerAccessReportRoutes(app, routeDeps);
  // The pages are authorized by the same middleware, one policy per page route.
  pages.register(app);
  app.openAPIRegistry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'gatehouse_session',
    description: 'The session cookie set by GET /auth/callback after signing in at GET /login',
  });
  app.doc('/openapi.json', {
    openapi: '3.0.3',
    info: {
      title: 'Gatehouse documents',
      version: '0.1.0',
      description:
        'Documents, folders and shares; every /api route is authorized by policy webapp.<METHOD>.<path>.',
    },
  });
  app.onError(pageAwareErrorHandler(pages, logger));
  app.notFound(pageAwareNotFound(pages));

  validatePoliciesFromApp(app, {
    policies: deps.policyPackages,
    config: authz,
    excludePaths: EXCLUDED_PATHS,
    failOnMissing: true,
  });

  return {
    app,
    services,
    authz,
    relay,
    accessLog,
    start: () => relay.start(),
    async close() {
      await relay.stop();
      await authz.close();
      await accessLog.close();
    },
  };
}
