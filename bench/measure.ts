/**
 * Timing primitives shared by the benchmarks: per-operation figures from batched samples
 * (single sub-microsecond operations cannot be timed one by one), and a printed table.
 */

/** Per-operation timing of one measured function. */
export interface Measurement {
  readonly name: string;
  /** Median nanoseconds per operation over the samples. */
  readonly medianNs: number;
  /** 99th-percentile nanoseconds per operation over the samples. */
  readonly p99Ns: number;
  /** Operations per second at the median. */
  readonly opsPerSecond: number;
}

/** Options of {@link measure}. */
export interface MeasureOptions {
  /** Operations per sample (default 1,000; use 1 for operations slower than ~50 µs). */
  readonly batch?: number;
  /** Number of samples (default 200). */
  readonly samples?: number;
  /** Warm-up operations before sampling (default 10,000, at most `batch * samples`). */
  readonly warmup?: number;
}

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/**
 * Times `operation` (sync or async) in `samples` batches of `batch` calls.
 *
 * @example
 * const m = await measure('policyPath', () => policyPath('app', 'GET', '/a/{id}'));
 */
export async function measure(
  name: string,
  operation: () => unknown,
  options: MeasureOptions = {},
): Promise<Measurement> {
  const batch = options.batch ?? 1_000;
  const samples = options.samples ?? 200;
  const warmup = Math.min(options.warmup ?? 10_000, batch * samples);
  const probe = operation();
  const isAsync = probe instanceof Promise;
  if (isAsync) await probe;
  for (let i = 0; i < warmup; i++) {
    const r = operation();
    if (isAsync) await r;
  }
  const perOp: number[] = [];
  for (let s = 0; s < samples; s++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) {
      const r = operation();
      if (isAsync) await r;
    }
    perOp.push(Number(process.hrtime.bigint() - start) / batch);
  }
  perOp.sort((a, b) => a - b);
  const medianNs = percentile(perOp, 0.5);
  return { name, medianNs, p99Ns: percentile(perOp, 0.99), opsPerSecond: 1e9 / medianNs };
}

/** Formats nanoseconds for people (ns, µs or ms). */
export function formatDuration(ns: number): string {
  if (ns < 1_000) return `${ns.toFixed(0)} ns`;
  if (ns < 1_000_000) return `${(ns / 1_000).toFixed(2)} µs`;
  return `${(ns / 1_000_000).toFixed(2)} ms`;
}

/** Prints a titled table of rows (objects with the same keys) to stdout. */
export function printTable(title: string, rows: readonly Record<string, string | number>[]): void {
  console.log(`\n## ${title}\n`);
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const cell = (v: string | number | undefined) =>
    typeof v === 'number' ? v.toLocaleString('en') : (v ?? '');
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(cell(r[c])).length)));
  const line = (values: string[]) => `| ${values.map((v, i) => v.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(columns.map((c) => String(cell(r[c])))));
}
