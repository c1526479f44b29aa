/**
 * A PostgreSQL 16 server a test can kill and start again on the same port and data: `kill()` is
 * an immediate shutdown (SIGQUIT to the postmaster: every backend ends at once, no checkpoint,
 * crash recovery at the next start), as when the server crashes or its host is restarted.
 */
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type EmbeddedPostgresServer, startEmbeddedPostgres } from '../../app/stack/embedded-postgres.ts';
import { freePort } from './free-port.ts';

/** A server that can be killed and started again. */
export interface RestartablePostgres {
  /** Creates a database if it does not exist and returns its URL (the server must be running). */
  database(name: string): Promise<string>;
  /** Ends the server abruptly and resolves once its process is gone. */
  kill(): Promise<void>;
  /** Starts it again (same port, password and data); resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it (if running) and removes its data. */
  stop(): Promise<void>;
}

async function gone(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Starts a fresh server on a free port; call `stop()` in `afterAll`. */
export async function startRestartablePostgres(): Promise<RestartablePostgres> {
  const root = await mkdtemp(path.join(tmpdir(), 'gatehouse-pg-restart-'));
  await chmod(root, 0o755);
  const options = {
    dataDir: path.join(root, 'data'),
    port: await freePort(),
    password: 'restartable',
    persistent: true,
  };
  let server: EmbeddedPostgresServer | undefined = await startEmbeddedPostgres(options);
  return {
    database: (name) => {
      if (!server) throw new Error('the server is not running');
      return server.database(name);
    },
    async kill() {
      const pidFile = await readFile(path.join(options.dataDir, 'postmaster.pid'), 'utf8');
      const pid = Number(pidFile.split('\n')[0]);
      process.kill(pid, 'SIGQUIT');
      await gone(pid);
      server = undefined;
    },
    async start() {
      server = await startEmbeddedPostgres(options);
    },
    async stop() {
      await server?.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}
