/**
 * What PostgreSQL's server processes spent, read from the kernel: CPU time (`/proc/<pid>/schedstat`,
 * to the nanosecond) and bytes read from storage (`/proc/<pid>/io` `read_bytes`: reads the OS page
 * cache did not answer, i.e. the disk). Summed over the backends connected to one database, so a
 * benchmark can say how much of a check was the server's CPU and whether it waited for the disk.
 * Readable when the benchmark runs as root or as the server's user; otherwise `undefined`.
 */
import { readFileSync } from 'node:fs';
import type { Sql } from '@gatehousejs/engine/postgres';

/** CPU nanoseconds and storage bytes read, summed over backends. */
export interface BackendUsage {
  readonly cpuNs: number;
  readonly diskBytes: number;
}

function usageOf(pid: number): BackendUsage | undefined {
  try {
    const cpuNs = Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
    const diskBytes = Number(/read_bytes:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1]);
    return Number.isFinite(cpuNs) && Number.isFinite(diskBytes) ? { cpuNs, diskBytes } : undefined;
  } catch {
    // Another user's process: not readable, reported as unknown rather than as zero.
    return undefined;
  }
}

/**
 * The server processes serving `database`, other than the one asking: call before and after a
 * phase and subtract with {@link usageSince}.
 */
export async function backendPids(sql: Sql, database: string): Promise<number[]> {
  const rows = await sql`SELECT pid FROM pg_stat_activity
    WHERE datname = ${database} AND backend_type = 'client backend' AND pid <> pg_backend_pid()`;
  return rows.map((row) => Number(row.pid));
}

/** Usage of `pids` now, or `undefined` when any of them is unreadable. */
export function backendUsage(pids: readonly number[]): BackendUsage | undefined {
  let cpuNs = 0;
  let diskBytes = 0;
  for (const pid of pids) {
    const usage = usageOf(pid);
    if (!usage) return undefined;
    cpuNs += usage.cpuNs;
    diskBytes += usage.diskBytes;
  }
  return { cpuNs, diskBytes };
}

/** The difference of two readings (`undefined` if either is). */
export function usageSince(
  before: BackendUsage | undefined,
  after: BackendUsage | undefined,
): BackendUsage | undefined {
  if (!before || !after) return undefined;
  return { cpuNs: after.cpuNs - before.cpuNs, diskBytes: after.diskBytes - before.diskBytes };
}
