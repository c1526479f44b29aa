/**
 * `npm run fuzz:opa -- --seed N --count M [--opa v1.15.2,v1.22.2] [--shapes wide|classic]
 * [--families partialRules,…] [--only I,…] [--deadline S]`: runs a
 * differential batch of generated Rego programs against the real OPA of each release (the engine
 * following the same release), prints every divergence and every program OPA stalled on, and
 * the rate in programs per second.
 */
import { parseArgs } from 'node:util';
import { consola } from 'consola';
import { OPA_VERSIONS, type OpaVersion } from '../../rego/index.ts';
import { ensurePeer } from '../support/peers.ts';
import { describeDivergence, describeStall, tallyDivergences } from './batch-report.ts';
import { runDifferentialBatch } from './differential.ts';
import { startOpaOracle } from './opa-server.ts';
import { SHAPE_FAMILIES } from './wide-program.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    count: { type: 'string', default: '1000' },
    opa: { type: 'string', default: OPA_VERSIONS.join(',') },
    shapes: { type: 'string', default: 'wide' },
    families: { type: 'string' },
    only: { type: 'string' },
    deadline: { type: 'string', default: '20' },
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
const only = values.only?.split(',').map((i) => Number(i.trim()));
if (only?.some((i) => !Number.isInteger(i) || i < 0)) {
  consola.error('--only must list program indexes (integers from 0), e.g. --only 10873,10874');
  process.exit(2);
}
const deadline = Number(values.deadline);
if (!(deadline > 0)) {
  consola.error('--deadline must be a number of seconds above 0');
  process.exit(2);
}
/** The options that generate the same programs again, for the replay hint of a stalled program. */
const generation = [
  `--seed ${seed}`,
  ...(shapes === 'classic' ? ['--shapes classic'] : []),
  ...(families ? [`--families ${families.join(',')}`] : []),
].join(' ');

let failed = false;
for (const opaVersion of releases as OpaVersion[]) {
  const oracle = await startOpaOracle(ensurePeer('opa', [opaVersion]), { deadlineMs: deadline * 1000 });
  // Interrupted (Ctrl-C, a timeout): stop the OPA servers rather than leave them running.
  const interrupted = () => void oracle.stop().then(() => process.exit(130));
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  try {
    const what = only ? `programs ${only.join(', ')}` : `${count} ${shapes} programs`;
    consola.start(`fuzzing ${what}, seed ${seed}, against OPA ${opaVersion}`);
    const started = performance.now();
    const { checked, divergences, stalls } = await runDifferentialBatch({
      seed,
      count,
      oracle,
      opaVersion,
      shapes,
      ...(families ? { families } : {}),
      ...(only ? { only } : {}),
      onProgress: (done, found, stalled) => {
        if (done % 500 === 0)
          consola.info(`${done}/${count} programs, ${found} divergences, ${stalled} OPA stalled on`);
      },
    });
    for (const d of divergences) consola.log(`\n${describeDivergence(d)}`);
    for (const s of stalls) {
      consola.log(`\n${describeStall(s)}`);
      consola.log(`replay: npm run fuzz:opa -- ${generation} --opa ${opaVersion} --only ${s.index}`);
    }
    for (const [what, n] of tallyDivergences(divergences)) consola.log(`${String(n).padStart(6)}  ${what}`);
    if (stalls.length)
      consola.log(`${String(stalls.length).padStart(6)}  OPA stalled (programs not compared)`);
    const seconds = (performance.now() - started) / 1000;
    const rate = `${(checked / seconds).toFixed(1)} programs/s`;
    const opaBugs = divergences.filter((d) => d.opaBug).length;
    const stalled = stalls.length
      ? `OPA stalled on ${stalls.length} (program ${stalls.map((s) => s.index).join(', ')})`
      : 'OPA stalled on none';
    const summary = `OPA ${opaVersion}, seed ${seed}, ${checked} programs in ${seconds.toFixed(1)} s (${rate}); ${opaBugs} answers are OPA's own bugs; ${stalled}`;
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
