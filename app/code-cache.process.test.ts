import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const codeCacheModule = new URL('./code-cache.mjs', import.meta.url).href;

/**
 * Runs `script` with the code cache in a Node process of its own, as `npm start` does (in one
 * process, V8 would find the script's code in its own memory and never read the cache); returns
 * what the script exports (JSON).
 */
function runWithCodeCache(script: string): unknown {
  const program = `import { runWithCodeCache } from ${JSON.stringify(codeCacheModule)};
    const exported = runWithCodeCache(${JSON.stringify(script)});
    console.log(JSON.stringify(exported));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8' }),
  );
}

/** A CommonJS script exporting `value` and a `started` promise that `outcome` settles. */
function scriptText(value: number, outcome: 'resolve' | 'reject' = 'resolve'): string {
  return [
    `exports.value = ${value} + require('node:path').sep.length;`,
    `exports.dirname = __dirname;`,
    `exports.started = Promise.${outcome}();`,
    `exports.started.catch(() => {});`,
  ].join('\n');
}

describe('runWithCodeCache', () => {
  let dir: string;
  let script: string;
  const cacheFiles = () => readdir(path.join(dir, 'code-cache')).catch(() => [] as string[]);

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'gatehouse-code-cache-'));
    script = path.join(dir, 'main.cjs');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('runs the script as CommonJS and keeps its code once it has started; the next run uses it', async () => {
    await writeFile(script, scriptText(41));
    const first = runWithCodeCache(script);
    expect(first).toMatchObject({ value: 42, dirname: dir });
    const [cache] = await cacheFiles();
    expect(cache).toMatch(/^main\.cjs-\d+-\d+$/);
    const written = (await stat(path.join(dir, 'code-cache', cache!))).mtimeMs;

    expect(runWithCodeCache(script)).toMatchObject({ value: 42 });
    expect(await cacheFiles()).toEqual([cache]);
    // Accepted, so not written again.
    expect((await stat(path.join(dir, 'code-cache', cache!))).mtimeMs).toBe(written);
  });

  it('never runs a rebuilt script from the cache of the previous one', async () => {
    await writeFile(script, scriptText(1));
    runWithCodeCache(script);
    await writeFile(script, scriptText(22));
    expect(runWithCodeCache(script)).toMatchObject({ value: 23 });
    expect(await cacheFiles()).toHaveLength(2);
    const { clearCodeCache } = (await import(codeCacheModule)) as { clearCodeCache(distDir: string): void };
    clearCodeCache(dir);
    expect(await cacheFiles()).toEqual([]);
  });

  it('keeps no cache of a start that failed', async () => {
    await writeFile(script, scriptText(1, 'reject'));
    runWithCodeCache(script);
    expect(await cacheFiles()).toEqual([]);
  });

  it('compiles again when the cache is unusable', async () => {
    await writeFile(script, scriptText(5));
    runWithCodeCache(script);
    const [cache] = await cacheFiles();
    await writeFile(path.join(dir, 'code-cache', cache!), 'not a code cache');
    expect(runWithCodeCache(script)).toMatchObject({ value: 6 });
    // Replaced by a valid one.
    expect((await stat(path.join(dir, 'code-cache', cache!))).size).toBeGreaterThan(100);
  });
});
