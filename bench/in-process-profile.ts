/**
 * A V8 CPU profile of part of a benchmark, taken in its own process (`node:inspector`): what a
 * variant's requests cost function by function, so that two variants of one route (with and
 * without authorization) are compared by self time, side by side in the same run.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { type CpuProfile, functionShares } from './cpu-profile-summary.ts';
import { printTable } from './measure.ts';

/** Self time per function of one profiled run, in ms per unit of work. */
export type SelfTimes = ReadonlyMap<string, number>;

/**
 * Runs `work` under the CPU profiler (sampling every 100 µs) and returns each function's self
 * time divided by `units` (e.g. requests), in ms, idle time left out. With `file`, the profile
 * is also written there (for Chrome DevTools).
 *
 * @example
 * const times = await profiled(() => send(40), 40);
 */
export async function profiled(work: () => Promise<void>, units: number, file?: string): Promise<SelfTimes> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    await work();
    const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
    if (file) await writeFile(file, JSON.stringify(profile));
    const micros = profile.endTime - profile.startTime;
    const times = new Map<string, number>();
    for (const share of functionShares(profile)) {
      if (share.name === '(idle)' || share.selfPercent === 0) continue;
      times.set(share.name, (share.selfPercent * micros) / 100 / 1000 / units);
    }
    return times;
  } finally {
    session.disconnect();
  }
}

/**
 * Prints the functions whose self time per unit differs most between `variant` and `baseline`
 * (what the variant adds), and the sums.
 */
export function printSelfTimeGap(title: string, variant: SelfTimes, baseline: SelfTimes, top = 40): void {
  const names = new Set([...variant.keys(), ...baseline.keys()]);
  const sum = (times: SelfTimes) => [...times.values()].reduce((a, b) => a + b, 0);
  const rows = [...names]
    .map((name) => ({ name, a: variant.get(name) ?? 0, b: baseline.get(name) ?? 0 }))
    .sort((x, y) => y.a - y.b - (x.a - x.b))
    .slice(0, top)
    .map(({ name, a, b }) => ({
      function: name.slice(0, 100),
      'self (ms/unit)': a.toFixed(3),
      'baseline (ms/unit)': b.toFixed(3),
      added: (a - b).toFixed(3),
    }));
  printTable(`${title}: on CPU ${sum(variant).toFixed(2)} vs ${sum(baseline).toFixed(2)} ms per unit`, rows);
}
