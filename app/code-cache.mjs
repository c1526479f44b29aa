// Running the built application's CommonJS script with V8's code cache: the code a start compiled
// (the bundle's top level and every function called until the application served) is kept in
// `app/dist/code-cache/`, so that the next start deserializes it instead of parsing and compiling
// ~4 MB of JavaScript again. Node 20 has no such cache for ES modules, hence the script.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/**
 * The cache file of `script` as it is now: named after its size and date, so that a rebuilt
 * script never meets the cache of another (V8 checks only the source's length).
 */
function cacheFileOf(script) {
  const { size, mtimeMs } = statSync(script);
  return path.join(
    path.dirname(script),
    'code-cache',
    `${path.basename(script)}-${Math.trunc(mtimeMs)}-${size}`,
  );
}

/** Removes the caches of every earlier build (the build calls it). */
export function clearCodeCache(distDir) {
  rmSync(path.join(distDir, 'code-cache'), { recursive: true, force: true });
}

/** Writes `contents` whole or not at all (several starts may write at once). */
function writeWhole(file, contents) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

/**
 * Runs the CommonJS `script` in this process, from its code cache when there is a valid one.
 * Without one, the cache is written once `script` exports `started` settles (what the start
 * compiled by then is kept), so only the first start after a build compiles everything.
 *
 * @returns what the script exports
 */
export function runWithCodeCache(script) {
  const cacheFile = cacheFileOf(script);
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // None yet: this start writes it.
  }
  const source = readFileSync(script, 'utf8');
  // On the script's first line, so that positions in stack traces stay those of the file.
  const compiled = new vm.Script(
    `(function (exports, require, module, __filename, __dirname) {${source}\n})`,
    {
      filename: script,
      cachedData,
    },
  );
  const module = { exports: {} };
  compiled.runInThisContext()(module.exports, createRequire(script), module, script, path.dirname(script));
  if (cachedData === undefined || compiled.cachedDataRejected) {
    Promise.resolve(module.exports.started)
      .then(() => writeWhole(cacheFile, compiled.createCachedData()))
      .catch(() => {
        // Without a cache the next start only compiles again; a failed start says why itself.
      });
  }
  return module.exports;
}
