/**
 * CPU time of the parts of a benchmark that share one machine, read from Linux's `/proc`: this
 * process's main thread alone (where the application runs; clients in worker threads and the
 * runtime's helper threads are other tasks), and one PostgreSQL server (its postmaster, the
 * processes it started, and those of them that ended). `undefined` where `/proc` is missing.
 * And a whole process (this one, or a server running in its own) to the nanosecond (every thread's
 * scheduler run time): what a server's CPU per request is measured with, since `process.cpuUsage()` counts in ticks.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** Fields of `/proc/<pid>[/task/<tid>]/stat` after the command name (field 3 is index 0). */
function statFields(file: string): string[] | undefined {
  try {
    const text = readFileSync(file, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** utime + stime (+ the waited-for children's with `withChildren`) in ms. */
function cpuMs(fields: readonly string[], withChildren: boolean): number {
  const ticks = [11, 12, ...(withChildren ? [13, 14] : [])].reduce((sum, i) => sum + Number(fields[i]), 0);
  return (ticks * 1000) / ticksPerSecond;
}

/** CPU time of this process's main thread, in ms. */
export function mainThreadCpuMs(): number | undefined {
  const fields = statFields(`/proc/${process.pid}/task/${process.pid}/stat`);
  return fields && cpuMs(fields, false);
}

/** CPU time of the PostgreSQL server whose data directory is `dataDir`, in ms. */
export function postgresCpuMs(dataDir: string): number | undefined {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync('/proc') || !existsSync(pidFile)) return undefined;
  const postmaster = readFileSync(pidFile, 'utf8').split('\n')[0]?.trim();
  const own = postmaster && statFields(`/proc/${postmaster}/stat`);
  if (!own) return undefined;
  let total = cpuMs(own, true);
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const fields = statFields(`/proc/${pid}/stat`);
    // Field 4 (index 1) is the parent's pid.
    if (fields?.[1] === postmaster) total += cpuMs(fields, false);
  }
  return total;
}

/**
 * CPU time of a whole process (every thread: the main one, the garbage collector's and libuv's),
 * in nanoseconds, from the scheduler's own run time of each thread
 * (`/proc/<pid>/task/<tid>/schedstat`) — exact, where `process.cpuUsage()` is sampled in
 * scheduler ticks (4–10 ms). `pid` defaults to this process, which falls back to
 * `process.cpuUsage()` where `/proc` is missing; another process's CPU needs `/proc`.
 *
 * @throws {Error} for another process when `/proc` cannot tell its CPU (gone, or no `/proc`)
 */
export function processCpuNs(pid: number | 'self' = 'self'): number {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch (error) {
    if (pid !== 'self') throw new Error(`cannot read the CPU time of process ${pid}`, { cause: error });
    const { user, system } = process.cpuUsage();
    return (user + system) * 1000;
  }
  let total = 0;
  for (const tid of tasks) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread ended between the listing and the read (Node's own threads live as long as the process).
    }
  }
  return total;
}
