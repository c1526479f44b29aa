/**
 * `npm run bench -- app-writes`: latency of permission-changing writes (share, then revoke: each
 * waits until its directory change is delivered) beside content-only writes (`PUT` of the
 * content, nothing to deliver), from 30 concurrent clients over HTTP on 127.0.0.1, against the
 * whole application (real sessions, PostgreSQL, the embedded engine with its directory in
 * PostgreSQL). Target: permission writes p50 ≤ 50 ms.
 */
import os from 'node:os';
import { type ApiCall, apiClient } from '../test/support/api-client.ts';
import { startTestApp } from '../test/support/test-app.ts';
import { printTable } from './measure.ts';

const CLIENTS = 30;
const ROUNDS = 20;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;

async function timed(call: () => Promise<{ status: number }>, expected: readonly number[]): Promise<number> {
  const start = performance.now();
  const { status } = await call();
  if (!expected.includes(status)) throw new Error(`status ${status}, expected ${expected.join(' or ')}`);
  return performance.now() - start;
}

/** Sorted latencies in ms, with the throughput and this process's CPU time while they ran. */
interface Load {
  readonly samples: number[];
  readonly perSecond: number;
  /** CPU of this process (application and clients alike) per write, in ms. */
  readonly cpuPerWrite: number;
}

/** Runs `CLIENTS` clients of `ROUNDS` rounds each. */
async function load(round: (client: number, i: number) => Promise<number[]>): Promise<Load> {
  const samples: number[] = [];
  const start = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = 0; i < ROUNDS; i++) samples.push(...(await round(client, i)));
    }),
  );
  const used = process.cpuUsage(cpu);
  const seconds = (performance.now() - start) / 1000;
  return {
    samples: samples.sort((a, b) => a - b),
    perSecond: samples.length / seconds,
    cpuPerWrite: (used.user + used.system) / 1000 / samples.length,
  };
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
    const alice: ApiCall = apiClient(await app.signIn('alice'));
    await app.signIn('bob');
    const documents: number[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      documents.push((await alice('POST', '/api/documents', { name: `Doc ${i}`, content: 'x' })).body.id);
    }
    const share = (id: number) => () =>
      alice('POST', '/api/shares', { document_id: id, email: 'bob@example.com', permission: 'read' });
    const revoke = (id: number) => () => alice('DELETE', `/api/shares/${id}/bob@example.com`);
    const edit = (id: number, i: number) => () => alice('PUT', `/api/documents/${id}`, { content: `v${i}` });

    // Warm-up: every path once.
    await timed(share(documents[0]!), [201, 202]);
    await timed(revoke(documents[0]!), [204, 202]);
    await timed(edit(documents[0]!, 0), [200]);

    const content = await load(async (c, i) => [await timed(edit(documents[c]!, i), [200])]);
    const permission = await load(async (c) => [
      await timed(share(documents[c]!), [201, 202]),
      await timed(revoke(documents[c]!), [204, 202]),
    ]);
    const row = (what: string, { samples: xs, perSecond, cpuPerWrite }: Load) => ({
      writes: what,
      count: xs.length,
      'p50 (ms)': percentile(xs, 50).toFixed(1),
      'p90 (ms)': percentile(xs, 90).toFixed(1),
      'p99 (ms)': percentile(xs, 99).toFixed(1),
      'writes/s': perSecond.toFixed(0),
      'Node CPU/write (ms)': cpuPerWrite.toFixed(2),
    });
    printTable(`app writes: ${CLIENTS} concurrent clients × ${ROUNDS} rounds, HTTP on 127.0.0.1`, [
      row('content only (PUT content)', content),
      row('permission (share / revoke, delivered)', permission),
    ]);
    const p50 = (l: Load) => percentile(l.samples, 50);
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
