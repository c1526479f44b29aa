/**
 * The PostgreSQL driver as a library user gets it: `@gatehousejs/engine` packed and installed in a
 * fresh project, database traffic (transactions, LISTEN, the relation store's writes) running in
 * that project's own process while PostgreSQL is killed (immediate shutdown) and started again three
 * times. The engine's driver keeps the process alive and serving; the same traffic on the
 * `postgres` package from the registry (a control, which also shows the fix is still needed) ends
 * the process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestartablePostgres, startRestartablePostgres } from '../support/restartable-postgres.ts';
import { type ConsumerProject, createConsumerProject } from './consumer-project.ts';
import { packWorkspaces, REPO_ROOT } from './packed-workspaces.ts';

const RESTARTS = 3;
/** Successful writes the traffic must make after each restart. */
const RECOVERED_WRITES = 50;
const PACKAGES = ['@gatehousejs/core', '@gatehousejs/rego', '@gatehousejs/directory', '@gatehousejs/engine'];

interface Progress {
  readonly ok: number;
  readonly failed: number;
  readonly done?: boolean;
}

/** The traffic's process, its progress as it reports it, and how it ended. */
interface Traffic {
  latest(): Progress;
  /** Resolves once `ok` reached `count`, or rejects when the process ended first or `ms` passed. */
  reach(count: number, ms: number): Promise<void>;
  /** Closes its stdin (it stops and exits) and resolves with its exit code and stderr. */
  finish(): Promise<{ code: number | null; stderr: string }>;
  readonly exited: Promise<{ code: number | null; stderr: string }>;
}

function startTraffic(project: ConsumerProject, url: string, driver: 'engine' | 'registry'): Traffic {
  const child: ChildProcess = spawn(process.execPath, ['database-traffic.mjs'], {
    cwd: project.dir,
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: url, DRIVER: driver },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let latest: Progress = { ok: 0, failed: 0 };
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.startsWith('{')) latest = JSON.parse(line) as Progress;
  });
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stderr })),
  );
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  return {
    latest: () => latest,
    exited,
    async reach(count, ms) {
      const deadline = Date.now() + ms;
      while (latest.ok < count) {
        if (ended) throw new Error(`the process ended at ${JSON.stringify(latest)}:\n${stderr}`);
        if (Date.now() > deadline)
          throw new Error(`no progress to ${count} in ${ms} ms: ${JSON.stringify(latest)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    finish() {
      child.stdin?.end();
      return exited;
    },
  };
}

describe('the engine’s PostgreSQL driver in an installed package, PostgreSQL killed under traffic', () => {
  let pg: RestartablePostgres;
  let project: ConsumerProject;

  beforeAll(async () => {
    const packed = await packWorkspaces(
      await mkdtemp(path.join(os.tmpdir(), 'gatehouse-driver-packs-')),
      PACKAGES,
    );
    // The driver is bundled by the directory package, which the engine depends on and re-exports.
    const directoryPackage = JSON.parse(
      await readFile(path.join(REPO_ROOT, 'directory', 'package.json'), 'utf8'),
    ) as {
      devDependencies: { postgres: string };
    };
    project = await createConsumerProject(packed, {
      // The registry's driver, for the control: the release the bundled fix is written for.
      dependencies: { postgres: directoryPackage.devDependencies.postgres },
      install: ['@gatehousejs/engine'],
      files: {
        'database-traffic.mjs': await readFile(
          path.join(import.meta.dirname, 'driver', 'database-traffic.mjs'),
          'utf8',
        ),
      },
    });
    pg = await startRestartablePostgres();
  }, 600_000);

  afterAll(async () => {
    await pg?.stop();
    await project?.remove();
  });

  it('keeps the process alive and serving through three restarts, without a warning', async () => {
    const traffic = startTraffic(project, await pg.database('engine_driver'), 'engine');
    await traffic.reach(RECOVERED_WRITES, 30_000);
    for (let restart = 0; restart < RESTARTS; restart++) {
      await pg.kill();
      await new Promise((resolve) => setTimeout(resolve, 500));
      await pg.start();
      await traffic.reach(traffic.latest().ok + RECOVERED_WRITES, 30_000);
    }
    const { code, stderr } = await traffic.finish();
    expect(stderr).not.toContain('GATEHOUSE_UNFIXED_POSTGRES');
    expect(code).toBe(0);
    expect(traffic.latest().done).toBe(true);
    expect(traffic.latest().failed).toBeGreaterThan(0); // the kills were felt
  }, 240_000);

  it('(control) the registry’s driver under the same traffic ends the process, and the store warns of it', async () => {
    const traffic = startTraffic(project, await pg.database('registry_driver'), 'registry');
    await traffic.reach(RECOVERED_WRITES, 30_000);
    let ended: { code: number | null; stderr: string } | undefined;
    for (let restart = 0; restart < RESTARTS && !ended; restart++) {
      await pg.kill();
      await new Promise((resolve) => setTimeout(resolve, 500));
      await pg.start();
      ended = await Promise.race([
        traffic.exited,
        traffic.reach(traffic.latest().ok + RECOVERED_WRITES, 30_000).then(
          () => undefined,
          () => undefined,
        ),
      ]);
    }
    ended ??= await Promise.race([
      traffic.exited,
      new Promise<undefined>((r) => setTimeout(() => r(undefined), 5_000)),
    ]);
    if (!ended) await traffic.finish();
    expect(ended?.stderr).toContain('GATEHOUSE_UNFIXED_POSTGRES');
    expect(ended?.code).not.toBe(0);
    expect(ended?.stderr).toMatch(/TypeError: Cannot read properties of null \(reading 'write'\)/);
  }, 240_000);
});
