import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/support/free-port.ts';
import { initialiseCluster, startServer } from './postgres-process.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'gatehouse-pg-process-'));
  // As root, the server runs as the postgres user, who must be able to enter the folder.
  await chmod(root, 0o755);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("PostgreSQL's programs run directly", () => {
  it('names what the server printed when it exits before accepting connections', async () => {
    const dataDir = path.join(root, 'cluster');
    await initialiseCluster({ dataDir, password: 'secret', initdbFlags: ['--no-sync'], onLog: () => {} });
    const failure = await startServer({
      dataDir,
      port: await freePort(),
      flags: ['-c', 'no_such_setting=1'],
      onLog: () => {},
    }).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(failure?.message).toMatch(
      /the server exited .*unrecognized configuration parameter "no_such_setting"/s,
    );
  }, 120_000);

  it('names what initdb printed when it fails', async () => {
    const failure = await initialiseCluster({
      dataDir: path.join(root, 'refused'),
      password: 'secret',
      initdbFlags: ['--no-such-option'],
      onLog: () => {},
    }).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(failure?.message).toMatch(/initdb failed \(exit code 1\): .*no-such-option/s);
  }, 120_000);
});
