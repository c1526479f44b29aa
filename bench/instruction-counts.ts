/**
 * Instructions counted, not time measured: a script run under valgrind's cachegrind, with V8 made
 * deterministic (`--predictable`: one thread, a fixed random seed), counts the same instructions
 * every run (to within a few per unit), where CPU time on the benchmarks' virtual machines moves twice over from one process
 * to the next. Running the same script for two numbers of units (requests) and dividing the
 * difference leaves out start-up and warm-up: what remains is the count per unit once compiled.
 * Cachegrind also simulates the processor's first-level caches (32 KB each, as on the benchmarks'
 * machines): its instruction-cache misses say how much code a unit runs through.
 */
import { execFile } from 'node:child_process';

/** What cachegrind counts over one run. */
export interface CachegrindTotals {
  /** Instructions executed. */
  readonly instructions: number;
  /** First-level instruction cache misses. */
  readonly instructionMisses: number;
  /** First-level data cache misses (reads and writes). */
  readonly dataMisses: number;
}

/** Runs a command under cachegrind and resolves to its summary (cachegrind prints it on stderr). */
export type CachegrindRun = (args: readonly string[]) => Promise<string>;

const NUMBER = '([\\d,]+)';

/**
 * The totals of cachegrind's summary (`I refs`, `I1 misses`, `D1 misses`).
 *
 * @throws {Error} when the summary lacks one of them (valgrind failed, or the script did)
 */
export function parseCachegrindSummary(summary: string): CachegrindTotals {
  const read = (label: string): number => {
    const match = new RegExp(`${label.replace(' ', '\\s+')}:\\s+${NUMBER}`).exec(summary);
    if (!match) throw new Error(`cachegrind printed no "${label}" total:\n${summary.slice(-2_000)}`);
    return Number(match[1]!.replaceAll(',', ''));
  };
  return {
    instructions: read('I refs'),
    instructionMisses: read('I1 misses'),
    dataMisses: read('D1 misses'),
  };
}

/** Runs `node <args>` under cachegrind with V8 made deterministic; resolves to cachegrind's summary. */
export const cachegrind: CachegrindRun = (args) =>
  new Promise((resolve, reject) => {
    execFile(
      'valgrind',
      [
        '--tool=cachegrind',
        '--cache-sim=yes',
        '--cachegrind-out-file=/dev/null',
        // V8 writes the code it compiles into memory it then runs.
        '--smc-check=all',
        process.execPath,
        '--predictable',
        '--random-seed=1',
        '--single-threaded',
        ...args,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stderr),
    );
  });

/** Whether valgrind can be run here. */
export function hasValgrind(): Promise<boolean> {
  return new Promise((resolve) => {
    execFile('valgrind', ['--version'], (error) => resolve(!error));
  });
}

/**
 * Per unit: the totals of `args` run for `high` units minus those for `low` units, divided by
 * `high − low`. The script takes the number of units as its last argument.
 */
export async function countsPerUnit(
  args: readonly string[],
  low: number,
  high: number,
  run: CachegrindRun = cachegrind,
): Promise<CachegrindTotals> {
  const [few, many] = await Promise.all([run([...args, String(low)]), run([...args, String(high)])]);
  const a = parseCachegrindSummary(few);
  const b = parseCachegrindSummary(many);
  const units = high - low;
  return {
    instructions: (b.instructions - a.instructions) / units,
    instructionMisses: (b.instructionMisses - a.instructionMisses) / units,
    dataMisses: (b.dataMisses - a.dataMisses) / units,
  };
}
