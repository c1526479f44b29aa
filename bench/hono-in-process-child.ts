/**
 * One in-process measurement of `npm run bench -- hono`, alone in its process
 * (`process-samples.ts`): what one application adds per request to another, in a loop or with
 * the caches evicted before each request (`hono-apps.ts`). The job is `process.argv[2]` (JSON).
 */
import type { EvictedRounds } from './evicted-caches.ts';
import {
  addedEvicted,
  addedInLoop,
  application,
  type Environment,
  type LoopRounds,
  VARIANTS,
  type Variant,
} from './hono-apps.ts';
import { answerParent } from './process-samples.ts';

/** One measurement: `variant` against `baseline`, in a loop or with the caches evicted. */
export interface InProcessJob {
  readonly variant: Variant;
  readonly baseline: Variant;
  readonly env: Environment;
  readonly measurement:
    | ({ readonly kind: 'loop' } & LoopRounds)
    | ({ readonly kind: 'evicted' } & EvictedRounds);
}

const job = JSON.parse(process.argv[2] ?? '{}') as InProcessJob;
for (const name of [job.variant, job.baseline]) {
  if (!VARIANTS.includes(name))
    throw new Error(`unknown variant "${String(name)}"; one of ${VARIANTS.join(', ')}`);
}
const app = application(job.variant);
const baseline = application(job.baseline);
const { measurement } = job;
answerParent(
  measurement.kind === 'loop'
    ? await addedInLoop(app, baseline, job.env, measurement)
    : await addedEvicted(app, baseline, job.env, measurement),
);
