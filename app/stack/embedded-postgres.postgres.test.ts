import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/support/free-port.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'gatehouse-embedded-pg-'));
  // As root, the server runs as the postgres user, who must be able to enter the folder.
  await chmod(root, 0o755);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('embedded PostgreSQL', () => {
  it('stops at once when Ctrl-C already stopped the server (the terminal signals its whole process group)', async () => {
    const dataDir = path.join(root, 'signalled');
    const pg = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false });
    const pid = Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    expect(running(pid)).toBe(true);
    // What Ctrl-C does to the server: SIGINT, a fast shutdown; then the launcher stops the stack.
    process.kill(pid, 'SIGINT');
    while (running(pid)) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopped = await Promise.race([
      pg.stop().then(() => 'stopped'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting after 30 s'), 30_000)),
    ]);
    expect(stopped).toBe('stopped');
    // Not persistent: the data directory is removed, as a stop of a running server removes it.
    await expect(readFile(path.join(dataDir, 'PG_VERSION'))).rejects.toThrow(/ENOENT/);
  }, 120_000);

  it('stops a running server and keeps a persistent data directory', async () => {
    const dataDir = path.join(root, 'running');
    const pg = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    const pid = Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    await pg.stop();
    expect(running(pid)).toBe(false);
    expect(await readFile(path.join(dataDir, 'PG_VERSION'), 'utf8')).toMatch(/^16/);
  }, 120_000);
});
