/** A measuring process for `process-samples.test.ts`: answers the samples of its job, or exits without. */
import { answerParent } from './process-samples.ts';

const job = JSON.parse(process.argv[2] ?? '{}') as { samples?: number[]; exitCode?: number };
if (job.exitCode !== undefined) process.exit(job.exitCode);
answerParent(job.samples ?? []);
