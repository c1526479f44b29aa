/**
 * A throw-away PostgreSQL 16 server for a test file: a temporary data directory, a free port,
 * removed again by `stop()`.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type EmbeddedPostgresServer, startEmbeddedPostgres } from '../../app/stack/embedded-postgres.ts';
import { freePort } from './free-port.ts';

export type { EmbeddedPostgresServer } from '../../app/stack/embedded-postgres.ts';

/** Starts a fresh server; call `stop()` in `afterAll`. */
export async function startTestPostgres(): Promise<EmbeddedPostgresServer> {
  // mkdtemp makes the folder private; the postgres system user must be able to enter it.
  const root = await mkdtemp(path.join(tmpdir(), 'gatehouse-pg-'));
  await chmod(root, 0o755);
  const server = await startEmbeddedPostgres({
    dataDir: path.join(root, 'data'),
    port: await freePort(),
    persistent: false,
  });
  return {
    ...server,
    async stop() {
      await server.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}
