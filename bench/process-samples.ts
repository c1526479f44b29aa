/**
 * Measurements that each run in a fresh process: a process's JIT compiles the measured code its
 * own way (what it inlines, where the code lands), and on the benchmarks' machine the same code
 * measured 1.0–2.2 µs per request from one process to the next, a wider spread than the rounds of
 * any one process show. So a figure is the median over several processes, its range the spread
 * between them.
 */
import { fork } from 'node:child_process';
import { median } from './rounds.ts';

/** What a measuring process sends its parent (over IPC) before it exits. */
export interface ProcessAnswer {
  readonly samples: readonly number[];
}

/**
 * A JavaScript runtime to measure in, other than this Node: its executable and the arguments
 * before the script (`other-runtimes.ts`). Bun and Deno both answer over Node's IPC channel.
 */
export interface Runtime {
  readonly name: string;
  readonly execPath: string;
  readonly execArgv: readonly string[];
}

/**
 * Runs `script` once for `job` (its only argument, as JSON) — in `runtime`, or in this Node
 * through tsx; resolves to its samples.
 */
function oneProcess(script: string, job: unknown, runtime?: Runtime): Promise<readonly number[]> {
  const child = fork(script, [JSON.stringify(job)], {
    execPath: runtime?.execPath ?? process.execPath,
    execArgv: runtime ? [...runtime.execArgv] : ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let samples: readonly number[] | undefined;
    child.once('message', (answer: ProcessAnswer) => {
      samples = answer.samples;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0 && samples !== undefined) resolve(samples);
      else {
        const where = runtime ? `${runtime.name}: ` : '';
        reject(new Error(`${where}${script} ${JSON.stringify(job)} exited (${code}) without its samples`));
      }
    });
  });
}

/**
 * The median of each process's samples, for each job, from `processes` fresh processes per job.
 * The jobs run one process at a time (never two measurements at once), in an order rotated from
 * one pass to the next, so that no job always runs first or after the same one.
 *
 * @param script - a measuring script: reads its job from `process.argv[2]`, sends a {@link ProcessAnswer}
 * @param runtime - where the processes run (default this Node, through tsx)
 * @returns for each job (in order), one median per process
 */
export async function mediansOfProcesses(
  script: string,
  jobs: readonly unknown[],
  processes: number,
  runtime?: Runtime,
): Promise<number[][]> {
  const medians = jobs.map((): number[] => []);
  for (let pass = 0; pass < processes; pass++) {
    for (let k = 0; k < jobs.length; k++) {
      const j = (k + pass) % jobs.length;
      medians[j]!.push(median(await oneProcess(script, jobs[j], runtime)));
    }
  }
  return medians;
}

/** Sends `samples` to the parent process and lets this one end. */
export function answerParent(samples: readonly number[]): void {
  const answer: ProcessAnswer = { samples };
  if (!process.send) throw new Error('not started by mediansOfProcesses: no parent to answer');
  process.send(answer, () => process.disconnect());
}
