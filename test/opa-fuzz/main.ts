/**
 * `npm run fuzz:opa -- --seed N --count M [--opa v1.15.2|v1.22.2]`: runs a differential batch of
 * generated Rego programs against the real OPA of that release (the engine following the same
 * release) and prints every divergence.
 */
import { parseArgs } from 'node:util';
import { consola } from 'consola';
import { OPA_VERSIONS } from '../../rego/index.ts';
import { ensurePeer } from '../support/peers.ts';
import { describeDivergence, runDifferentialBatch } from './differential.ts';
import { startOpaOracle } from './opa-server.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    count: { type: 'string', default: '1000' },
    opa: { type: 'string', default: 'v1.15.2' },
  },
});
const opaVersion = OPA_VERSIONS.find((v) => v === values.opa);
if (!opaVersion) {
  consola.error(`--opa must be one of ${OPA_VERSIONS.join(', ')}`);
  process.exit(2);
}
const seed = Number(values.seed);
const count = Number(values.count);
if (!Number.isInteger(seed) || !Number.isInteger(count) || count < 1) {
  consola.error('--seed and --count must be integers (count at least 1)');
  process.exit(2);
}

const oracle = await startOpaOracle(ensurePeer('opa', [values.opa]));
try {
  consola.start(`fuzzing ${count} programs, seed ${seed}, against OPA ${values.opa}`);
  const started = performance.now();
  const { divergences } = await runDifferentialBatch({
    seed,
    count,
    oracle,
    opaVersion,
    onProgress: (checked, found) => {
      if (checked % 200 === 0) consola.info(`${checked}/${count} programs, ${found} divergences`);
    },
  });
  for (const d of divergences) consola.log(`\n${describeDivergence(d)}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (divergences.length > 0) {
    consola.fail(`${divergences.length} of ${count} rules diverge (seed ${seed}, ${seconds} s)`);
    process.exitCode = 1;
  } else consola.success(`no divergence in ${count} programs (seed ${seed}, ${seconds} s)`);
} finally {
  await oracle.stop();
}
