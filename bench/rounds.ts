/**
 * Figures over rounds: medians and ranges of samples, and the machine they were taken on (a
 * shared machine's load average is printed beside each figure, since it moves them).
 */
import { cpus, loadavg, totalmem } from 'node:os';

/** The median of `xs` (the upper one of an even count). */
export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** `min–max` of `xs`, each formatted by `format`. */
export function range(xs: readonly number[], format: (x: number) => string = String): string {
  if (xs.length === 0) return '—';
  return `${format(Math.min(...xs))}–${format(Math.max(...xs))}`;
}

/** The 1-minute load average now. */
export function loadNow(): number {
  return loadavg()[0] ?? Number.NaN;
}

/** One line naming the machine: CPU model and count, memory, Node version, load average. */
export function machineLine(): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const gb = (totalmem() / 2 ** 30).toFixed(0);
  const [one, five] = loadavg();
  return `Machine: ${cpus().length} × ${cpu}, ${gb} GB, Node ${process.version}, load average ${one?.toFixed(1)} (1 min) / ${five?.toFixed(1)} (5 min)`;
}
