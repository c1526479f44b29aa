/**
 * Where the HTTP benchmarks' processes run: with `taskset` (util-linux) and two processors or more
 * allowed to this process, the servers are pinned to the last allowed processor and the load
 * generator to the first, so that a server measured and the client loading it never take turns
 * on one processor (which would change how many requests a server finds waiting at each wake-up,
 * and so its CPU per request), and every server meets the same processor (`http-rounds.ts` loads
 * them in turns, or all at once).
 * Without `taskset`, or with a single processor, nothing is pinned; the plan says why.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The processors of a Linux CPU list such as `0-3,6` (`Cpus_allowed_list` in `/proc/<pid>/status`). */
export function parseCpuList(list: string): number[] {
  const cpus: number[] = [];
  for (const part of list.trim().split(',')) {
    if (part === '') continue;
    const [from, to = from] = part.split('-').map(Number);
    if (!Number.isInteger(from) || !Number.isInteger(to)) throw new Error(`not a CPU list: "${list}"`);
    for (let cpu = from!; cpu <= to!; cpu++) cpus.push(cpu);
  }
  return cpus;
}

/** Where the servers and the load generator run, or why they are not pinned. */
export type PinningPlan =
  | { readonly pinned: true; readonly serverCpu: number; readonly clientCpu: number }
  | { readonly pinned: false; readonly reason: string };

/** The plan for `allowed` processors, given whether `taskset` runs. */
export function pinningPlan(allowed: readonly number[], hasTaskset: boolean): PinningPlan {
  if (!hasTaskset) return { pinned: false, reason: '`taskset` not found' };
  if (allowed.length < 2) return { pinned: false, reason: `only ${allowed.length} processor allowed` };
  return { pinned: true, serverCpu: allowed[allowed.length - 1]!, clientCpu: allowed[0]! };
}

/** The plan for this machine (`/proc/self/status`, `taskset --version`). */
export function machinePinningPlan(): PinningPlan {
  const hasTaskset = spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;
  let allowed: number[] = [];
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    allowed = parseCpuList(/^Cpus_allowed_list:\s*(.*)$/m.exec(status)?.[1] ?? '');
  } catch {
    return { pinned: false, reason: 'no /proc/self/status to tell the allowed processors' };
  }
  return pinningPlan(allowed, hasTaskset);
}

/**
 * Pins every thread of process `pid` to processor `cpu` (threads it starts later inherit it).
 *
 * @throws {Error} when `taskset` fails (the message is its own)
 */
export function pinProcess(pid: number, cpu: number): void {
  const result = spawnSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`taskset could not pin process ${pid} to CPU ${cpu}: ${result.stderr.trim()}`);
  }
}

/** One printed line saying where the processes ran. */
export function pinningLine(plan: PinningPlan): string {
  return plan.pinned
    ? `Pinned with taskset: servers on CPU ${plan.serverCpu}, load generator on CPU ${plan.clientCpu}.`
    : `Not pinned (${plan.reason}): servers and load generator share the processors as the scheduler decides.`;
}
