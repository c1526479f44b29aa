import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { InProcessJob } from './hono-in-process-child.ts';
import { mediansOfProcesses } from './process-samples.ts';

const FIXTURE = fileURLToPath(new URL('./process-samples.fixture.ts', import.meta.url));
const HONO_CHILD = fileURLToPath(new URL('./hono-in-process-child.ts', import.meta.url));

describe('measurements in fresh processes', () => {
  it("gives each job one median per process, in the jobs' order", async () => {
    const medians = await mediansOfProcesses(FIXTURE, [{ samples: [1, 5, 3] }, { samples: [20, 10, 30] }], 2);
    expect(medians).toEqual([
      [3, 3],
      [20, 20],
    ]);
  });

  it('rejects, naming the job, when a process ends without its samples', async () => {
    await expect(mediansOfProcesses(FIXTURE, [{ exitCode: 0 }], 1)).rejects.toThrow('"exitCode":0');
    await expect(mediansOfProcesses(FIXTURE, [{ exitCode: 3 }], 1)).rejects.toThrow('exited (3)');
  });

  it("measures a Hono application against another in the benchmark's child", async () => {
    const jobs: InProcessJob[] = [
      {
        variant: 'gate',
        baseline: 'none',
        env: 'node',
        measurement: { kind: 'loop', rounds: 2, requests: 200 },
      },
      {
        variant: 'minimal',
        baseline: 'none',
        env: 'fetch',
        measurement: { kind: 'evicted', rounds: 1, pairs: 20, warmup: 5 },
      },
    ];
    const medians = await mediansOfProcesses(HONO_CHILD, jobs, 1);
    expect(medians).toHaveLength(2);
    for (const [median] of medians) expect(Number.isFinite(median)).toBe(true);
  });

  it('refuses an unknown application', async () => {
    const job = {
      variant: 'gateway',
      baseline: 'none',
      env: 'fetch',
      measurement: { kind: 'loop', rounds: 1, requests: 1 },
    };
    await expect(mediansOfProcesses(HONO_CHILD, [job], 1)).rejects.toThrow('without its samples');
  });
});
