/**
 * The bins in a checkout that was never built (no `dist/`): one line saying to build, exit 2 — and
 * any other failure to load still shows Node's own error.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BINS = [
  ['authz-tool', 'cli/bin/authz-tool.js'],
  ['wiki-publish', 'publisher/bin/wiki-publish.js'],
] as const;
const made: string[] = [];

/** Runs a copy of the bin in a package folder of its own; `dist/main.js` holds `main` when given. */
async function runCopy(bin: string, main?: string): Promise<{ code: number; stderr: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'gatehouse-bin-'));
  made.push(dir);
  await mkdir(path.join(dir, 'bin'));
  await writeFile(path.join(dir, 'package.json'), '{"type":"module"}\n');
  await copyFile(path.join(ROOT, bin), path.join(dir, 'bin', 'run.js'));
  if (main !== undefined) {
    await mkdir(path.join(dir, 'dist'));
    await writeFile(path.join(dir, 'dist', 'main.js'), main);
  }
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(dir, 'bin', 'run.js')], (error, _stdout, stderr) => {
      resolve({ code: typeof error?.code === 'number' ? error.code : 0, stderr });
    });
  });
}

afterAll(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe.each(BINS)('%s from a checkout', (name, bin) => {
  it('says in one line to build first when dist/ is missing, and exits 2', async () => {
    const { code, stderr } = await runCopy(bin);
    expect(code).toBe(2);
    expect(stderr.trim()).toBe(
      `${name}: not built (no dist/main.js): run \`npm run build\` at the repository root first`,
    );
  });

  it('runs dist/main.js when it is there', async () => {
    const { code, stderr } = await runCopy(bin, 'console.error("main ran"); process.exitCode = 7;\n');
    expect(stderr.trim()).toBe('main ran');
    expect(code).toBe(7);
  });

  it('keeps Node’s error when something dist/main.js imports is missing', async () => {
    const { code, stderr } = await runCopy(bin, "import './missing.js';\n");
    expect(code).toBe(1);
    expect(stderr).toContain('ERR_MODULE_NOT_FOUND');
    expect(stderr).toContain('missing.js');
    expect(stderr).not.toContain('not built');
  });
});
