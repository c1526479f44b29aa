/**
 * The embedded development stack: PostgreSQL 16, the development OpenID provider and the location
 * service, each started only when the settings do not point at an external one.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppSettings } from '../config/index.ts';
import { prepareDataDir } from './data-dir.ts';
import { startDevOidcProvider } from './dev-oidc-provider.ts';
import { DEV_USERS, type DevUser } from './dev-users.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { startLocationService } from './location-service.ts';
import { StackError } from './stack-error.ts';
import { loadStackSecrets, type StackSecrets } from './stack-secrets.ts';

/** Where the application finds its services, started here or external. */
export interface StackServices {
  readonly databaseUrl: string;
  readonly oidc: { readonly issuer: string; readonly clientId: string; readonly clientSecret: string };
  readonly locationServiceUrl: string;
  /** `SESSION_SECRET`, or the data directory's generated one. */
  readonly sessionSecret: string;
  readonly cookieSecure: boolean;
  readonly appBaseUrl: string;
}

/** A running development stack. */
export interface DevStack {
  readonly services: StackServices;
  /** URLs of what this stack started (absent: external or not needed). */
  readonly started: {
    readonly postgres?: string;
    readonly oidcProvider?: string;
    readonly locationService?: string;
  };
  /** The users of the development provider, when it was started. */
  readonly users: readonly DevUser[];
  /**
   * Finishes what the stack builds lazily (the development provider): call it once the
   * application serves. Rejects naming what failed.
   */
  prepare(): Promise<void>;
  /** Stops everything started here, in reverse order; safe to call twice. */
  stop(): Promise<void>;
}

/** Options of {@link startDevStack}. */
export interface DevStackOptions {
  /** Receives PostgreSQL's log lines (default: discarded). */
  readonly onLog?: (line: string) => void;
}

type Stoppable = { stop(): Promise<void> };

async function stopAll(started: Stoppable[]): Promise<void> {
  const results = await Promise.allSettled(started.reverse().map((s) => s.stop()));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed)
    throw new StackError('stop_failed', 'a development service did not stop cleanly', {
      cause: failed.reason,
    });
}

/**
 * Starts whatever `settings` leave to the development stack, in parallel, on 127.0.0.1.
 * If one service fails, those already started are stopped again before the error propagates.
 *
 * @example
 * const stack = await startDevStack(loadSettings());
 * console.log(stack.services.oidc.issuer);
 * process.once('SIGINT', () => void stack.stop());
 */
export async function startDevStack(settings: AppSettings, options: DevStackOptions = {}): Promise<DevStack> {
  const needsPostgres = settings.database.url === undefined;
  const needsProvider = settings.oidc.issuer === undefined;
  const needsLocation = settings.locationService.url === undefined;
  let secrets: StackSecrets | undefined;
  if (needsPostgres || settings.session.secret === undefined) {
    const dataDir = await prepareDataDir(settings.dataDir);
    const cluster = path.join(dataDir, 'postgres');
    if (
      needsPostgres &&
      existsSync(path.join(cluster, 'PG_VERSION')) &&
      !existsSync(path.join(dataDir, 'secrets.json'))
    ) {
      throw new StackError(
        'data_dir_unusable',
        `${cluster} exists but its password is lost; delete it to start afresh`,
      );
    }
    secrets = await loadStackSecrets(dataDir);
  }
  const started: Stoppable[] = [];
  const track = async <T extends Stoppable>(service: Promise<T>) => {
    const running = await service;
    started.push(running);
    return running;
  };
  const [postgres, provider, location] = await Promise.allSettled([
    needsPostgres
      ? track(
          startEmbeddedPostgres({
            dataDir: path.join(path.resolve(settings.dataDir), 'postgres'),
            port: settings.database.embeddedPort,
            portVariable: 'EMBEDDED_POSTGRES_PORT',
            password: secrets?.postgresPassword,
            onLog: options.onLog,
          }),
        )
      : undefined,
    needsProvider
      ? track(
          startDevOidcProvider({
            port: settings.oidc.providerPort,
            appBaseUrl: settings.appBaseUrl,
            clientId: settings.oidc.clientId,
            clientSecret: settings.oidc.clientSecret,
            userPassword: settings.oidc.devUserPassword,
          }),
        )
      : undefined,
    needsLocation ? track(startLocationService({ port: settings.locationService.port })) : undefined,
  ]);
  const failed = [postgres, provider, location].find(
    (r): r is PromiseRejectedResult => r.status === 'rejected',
  );
  if (failed) {
    await stopAll(started).catch(() => {});
    throw failed.reason;
  }
  const value = <T>(r: PromiseSettledResult<T>) => (r.status === 'fulfilled' ? r.value : undefined);
  const pg = value(postgres);
  const op = value(provider);
  const loc = value(location);
  let databaseUrl = settings.database.url;
  try {
    databaseUrl ??= pg!.overSocket(await pg!.database('gatehouse'));
  } catch (cause) {
    await stopAll(started).catch(() => {});
    throw new StackError('start_failed', 'cannot create the gatehouse database in the embedded PostgreSQL', {
      cause,
    });
  }
  let stopping: Promise<void> | undefined;
  return {
    services: {
      databaseUrl,
      oidc: op
        ? { issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret }
        : {
            issuer: settings.oidc.issuer!,
            clientId: settings.oidc.clientId,
            clientSecret: settings.oidc.clientSecret!,
          },
      locationServiceUrl: loc?.url ?? settings.locationService.url!,
      sessionSecret: settings.session.secret ?? secrets!.sessionSecret,
      cookieSecure: settings.session.cookieSecure,
      appBaseUrl: settings.appBaseUrl,
    },
    started: {
      ...(pg && { postgres: `postgres://127.0.0.1:${settings.database.embeddedPort}/gatehouse` }),
      ...(op && { oidcProvider: op.issuer }),
      ...(loc && { locationService: loc.url }),
    },
    users: op ? DEV_USERS : [],
    prepare: async () => {
      await op?.prepare().catch((cause: unknown) => {
        throw new StackError('start_failed', 'the development OpenID provider cannot be built', { cause });
      });
    },
    stop: () => {
      stopping ??= stopAll(started);
      return stopping;
    },
  };
}
