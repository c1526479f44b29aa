/**
 * `npm run fuzz:opa -- --seed N --count M [--opa v1.15.2,v1.22.2] [--shapes wide|classic]
 * [--families partialRules,…]`: runs a
 * differential batch of generated Rego programs against the real OPA of each release (the engine
 * following the same release), prints every divergence, and the rate in programs per second.
 */
import { parseArgs } from 'node:util';
import { consola } from 'consola';
import { OPA_VERSIONS, type OpaVersion } from '../../rego/index.ts';
import { ensurePeer } from '../support/peers.ts';
import { describeDivergence, runDifferentialBatch, tallyDivergences } from './differential.ts';
import { startOpaOracle } from './opa-server.ts';
import { SHAPE_FAMILIES } from './wide-program.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    count: { type: 'string', default: '1000' },
    opa: { type: 'string', default: OPA_VERSIONS.join(',') },
    shapes: { type: 'string', default: 'wide' },
    families: { type: 'string' },
  },
});
const releases = values.opa.split(',').map((v) => OPA_VERSIONS.find((known) => known === v.trim()));
if (releases.some((r) => r === undefined)) {
  consola.error(`--opa must list releases among ${OPA_VERSIONS.join(', ')}`);
  process.exit(2);
}
const shapes = values.shapes === 'classic' ? 'classic' : values.shapes === 'wide' ? 'wide' : undefined;
if (!shapes) {
  consola.error('--shapes must be wide or classic');
  process.exit(2);
}
const families = values.families?.split(',').map((f) => f.trim());
const unknown = families?.filter((f) => !SHAPE_FAMILIES.includes(f));
if (unknown?.length) {
  consola.error(`unknown shape families ${unknown.join(', ')}; known: ${SHAPE_FAMILIES.join(', ')}`);
  process.exit(2);
}
const seed = Number(values.seed);
const count = Number(values.count);
if (!Number.isInteger(seed) || !Number.isInteger(count) || count < 1) {
  consola.error('--seed and --count must be integers (count at least 1)');
  process.exit(2);
}

let failed = false;
for (const opaVersion of releases as OpaVersion[]) {
  const oracle = await startOpaOracle(ensurePeer('opa', [opaVersion]));
  // Interrupted (Ctrl-C, a timeout): stop the OPA servers rather than leave them running.
  const interrupted = () => void oracle.stop().then(() => process.exit(130));
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  try {
    consola.start(`fuzzing ${count} ${shapes} programs, seed ${seed}, against OPA ${opaVersion}`);
    const started = performance.now();
    const { divergences } = await runDifferentialBatch({
      seed,
      count,
      oracle,
      opaVersion,
      shapes,
      ...(families ? { families } : {}),
      onProgress: (checked, found) => {
        if (checked % 500 === 0) consola.info(`${checked}/${count} programs, ${found} divergences`);
      },
    });
    for (const d of divergences) consola.log(`\n${describeDivergence(d)}`);
    for (const [what, n] of tallyDivergences(divergences)) consola.log(`${String(n).padStart(6)}  ${what}`);
    const seconds = (performance.now() - started) / 1000;
    const rate = `${(count / seconds).toFixed(1)} programs/s`;
    const opaBugs = divergences.filter((d) => d.opaBug).length;
    const summary = `OPA ${opaVersion}, seed ${seed}, ${count} programs in ${seconds.toFixed(1)} s (${rate}); ${opaBugs} answers are OPA's own bugs`;
    const engine = divergences.length - opaBugs;
    if (engine > 0) {
      consola.fail(`${engine} rules diverge: ${summary}`);
      failed = true;
    } else consola.success(`no divergence: ${summary}`);
  } finally {
    process.off('SIGINT', interrupted).off('SIGTERM', interrupted);
    await oracle.stop();
  }
}
if (failed) process.exitCode = 1;
