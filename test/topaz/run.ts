/**
 * `npm run test:topaz`: the Topaz suite (`*.topaz.test.ts`, vitest.topaz.config.ts) on the user's
 * own `topazd` (TOPAZD, else `topazd` on PATH). Without one it says plainly that the suite did
 * not run, and how to give it a Topaz, and exits non-zero: a suite that did not run has not passed.
 * Arguments are passed on to Vitest (e.g. a file to run alone).
 */
import { execFileSync, spawn } from 'node:child_process';
import { findTopazd, TOPAZ_INSTALL_HINT } from '../../app/stack/topaz-server.ts';

const topazd = findTopazd();
if (!topazd) {
  console.error(`npm run test:topaz did not run: ${TOPAZ_INSTALL_HINT}`);
  process.exit(1);
}
const version = execFileSync(topazd, ['version'], { encoding: 'utf8' }).trim();
console.log(`Topaz suite on ${topazd}: ${version}`);
const vitest = spawn(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.topaz.config.ts', ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, TOPAZD: topazd } },
);
vitest.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
