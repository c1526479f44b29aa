/**
 * The clients of the app-writes benchmark, in a worker thread of their own (so that their HTTP
 * work does not share the application's event loop, as real clients would not): signs in as
 * `alice`, runs one load on the documents it is given, and posts the latencies back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type ApiCall, apiClient } from '../test/support/api-client.ts';
import { signIn } from '../test/support/sign-in.ts';

/** What the worker is started with. */
export interface ClientsJob {
  readonly appBaseUrl: string;
  readonly password: string;
  readonly documents: readonly number[];
  readonly rounds: number;
  readonly writes: 'content' | 'permission';
}

async function timed(call: () => Promise<{ status: number }>, expected: readonly number[]): Promise<number> {
  const start = performance.now();
  const { status } = await call();
  if (!expected.includes(status)) throw new Error(`status ${status}, expected ${expected.join(' or ')}`);
  return performance.now() - start;
}

/** One round of one client: the writes of the job's kind on its document. */
export function clientRound(alice: ApiCall, writes: ClientsJob['writes']) {
  const share = (id: number) => () =>
    alice('POST', '/api/shares', { document_id: id, email: 'bob@example.com', permission: 'read' });
  const revoke = (id: number) => () => alice('DELETE', `/api/shares/${id}/bob@example.com`);
  const edit = (id: number, i: number) => () => alice('PUT', `/api/documents/${id}`, { content: `v${i}` });
  return async (id: number, i: number): Promise<number[]> =>
    writes === 'content'
      ? [await timed(edit(id, i), [200])]
      : [await timed(share(id), [201, 202]), await timed(revoke(id), [204, 202])];
}

/** Runs every client's rounds at once; the latencies in ms and the wall time in seconds. */
export async function runClients(
  documents: readonly number[],
  rounds: number,
  round: (id: number, i: number) => Promise<number[]>,
): Promise<{ samples: number[]; seconds: number }> {
  const samples: number[] = [];
  const start = performance.now();
  await Promise.all(
    documents.map(async (id) => {
      for (let i = 0; i < rounds; i++) samples.push(...(await round(id, i)));
    }),
  );
  return { samples, seconds: (performance.now() - start) / 1000 };
}

if (parentPort && workerData) {
  const job = workerData as ClientsJob;
  const alice = apiClient(await signIn(job.appBaseUrl, { username: 'alice', password: job.password }));
  parentPort.postMessage(await runClients(job.documents, job.rounds, clientRound(alice, job.writes)));
}
