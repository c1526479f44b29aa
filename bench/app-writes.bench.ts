/**
 * `npm run bench -- app-writes`: latency of permission-changing writes (share, then revoke: each
 * waits until its directory change is delivered) beside content-only writes (`PUT` of the
 * content, nothing to deliver), from 30 concurrent clients over HTTP on 127.0.0.1, against the
 * whole application (real sessions, PostgreSQL, the embedded engine with its directory in
 * PostgreSQL). The clients (`node:http`, kept-alive connections) run once in the application's
 * process and once in a worker thread of their own. Target: permission writes p50 ≤ 50 ms.
 */
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { apiClient } from '../test/support/api-client.ts';
import { startTestApp } from '../test/support/test-app.ts';
import { type ClientsJob, clientRound, httpCaller, runClients } from './app-writes-clients.ts';
import { printTable } from './measure.ts';
import { mainThreadCpuMs, postgresCpuMs } from './process-cpu.ts';

const CLIENTS = 30;
const ROUNDS = 20;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;

/** Sorted latencies in ms, with the throughput and this process's CPU time while they ran. */
interface Load {
  readonly samples: number[];
  readonly perSecond: number;
  /** CPU of this process (application, and the clients when they share it) per write, in ms. */
  readonly cpuPerWrite: number;
  /** CPU of the main thread alone (the application, and the clients when they share it), per write. */
  readonly mainThreadPerWrite: number | undefined;
  /** CPU of the PostgreSQL server per write, in ms. */
  readonly postgresPerWrite: number | undefined;
}

const perWrite = (before: number | undefined, after: number | undefined, writes: number) =>
  before === undefined || after === undefined ? undefined : (after - before) / writes;

async function measured(
  postgresDir: string,
  work: () => Promise<{ samples: number[]; seconds: number }>,
): Promise<Load> {
  const cpu = process.cpuUsage();
  const [main, postgres] = [mainThreadCpuMs(), postgresCpuMs(postgresDir)];
  const { samples, seconds } = await work();
  const used = process.cpuUsage(cpu);
  return {
    samples: samples.sort((a, b) => a - b),
    perSecond: samples.length / seconds,
    cpuPerWrite: (used.user + used.system) / 1000 / samples.length,
    mainThreadPerWrite: perWrite(main, mainThreadCpuMs(), samples.length),
    postgresPerWrite: perWrite(postgres, postgresCpuMs(postgresDir), samples.length),
  };
}

/** Runs the clients of `job` in a worker thread. */
function inWorker(job: ClientsJob): Promise<{ samples: number[]; seconds: number }> {
  return new Promise((resolve, reject) => {
    // The clients' module is TypeScript: the worker registers tsx's loader before importing it.
    const clients = new URL('./app-writes-clients.ts', import.meta.url).href;
    const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(clients)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: job });
    worker.once('message', (result) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** Runs the benchmark and prints its figures. */
export async function run(): Promise<void> {
  const app = await startTestApp({
    relayTimers: {
      setTimeout: (run, ms) => setTimeout(run, ms).unref(),
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    },
  });
  try {
    const signedIn = await app.signIn('alice');
    const alice = apiClient(signedIn);
    await app.signIn('bob');
    const documents: number[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      documents.push((await alice('POST', '/api/documents', { name: `Doc ${i}`, content: 'x' })).body.id);
    }
    const caller = httpCaller(app.stack.appBaseUrl, signedIn);
    // Warm-up: every path once.
    await clientRound(caller, 'permission')(documents[0]!, 0);
    await clientRound(caller, 'content')(documents[0]!, 0);

    const postgresDir = path.join(app.stack.settings.dataDir, 'postgres');
    const here = (writes: ClientsJob['writes']) =>
      measured(postgresDir, () => runClients(documents, ROUNDS, clientRound(caller, writes)));
    const job = (writes: ClientsJob['writes']): ClientsJob => ({
      appBaseUrl: app.stack.appBaseUrl,
      password: app.stack.password,
      documents,
      rounds: ROUNDS,
      writes,
    });
    const rows: [string, Load][] = [
      ['content only (PUT content)', await here('content')],
      ['permission (share / revoke, delivered)', await here('permission')],
      [
        'content only, clients in a worker thread',
        await measured(postgresDir, () => inWorker(job('content'))),
      ],
      [
        'permission, clients in a worker thread',
        await measured(postgresDir, () => inWorker(job('permission'))),
      ],
    ];
    printTable(
      `app writes: ${CLIENTS} concurrent clients × ${ROUNDS} rounds, HTTP on 127.0.0.1`,
      rows.map(([what, { samples: xs, perSecond, cpuPerWrite, mainThreadPerWrite, postgresPerWrite }]) => ({
        writes: what,
        count: xs.length,
        'p50 (ms)': percentile(xs, 50).toFixed(1),
        'p90 (ms)': percentile(xs, 90).toFixed(1),
        'p99 (ms)': percentile(xs, 99).toFixed(1),
        'writes/s': perSecond.toFixed(0),
        'process CPU/write (ms)': cpuPerWrite.toFixed(2),
        'main thread CPU/write (ms)': mainThreadPerWrite?.toFixed(2) ?? 'n/a',
        'PostgreSQL CPU/write (ms)': postgresPerWrite?.toFixed(2) ?? 'n/a',
      })),
    );
    const p50 = (l: Load) => percentile(l.samples, 50);
    const [content, permission] = [rows[0]![1], rows[1]![1]];
    console.log(
      `\npermission p50 / content p50: ${(p50(permission) / p50(content)).toFixed(2)}; target: permission p50 ≤ 50 ms; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await app.stop();
  }
}
