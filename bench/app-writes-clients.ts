/**
 * The clients of the app-writes benchmark, in a worker thread of their own (so that their HTTP
 * work does not share the application's event loop, as real clients would not): signs in as
 * `alice`, runs one load on the documents it is given, and posts the latencies back.
 */
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { type SignedInClient, signIn } from '../test/support/sign-in.ts';

/** What the worker is started with. */
export interface ClientsJob {
  readonly appBaseUrl: string;
  readonly password: string;
  readonly documents: readonly number[];
  readonly rounds: number;
  readonly writes: 'content' | 'permission';
}

/** One JSON call of a signed-in client: the answer's status. */
export type WriteCall = (method: string, path: string, body?: unknown) => Promise<{ status: number }>;

/**
 * The calls of `client` over `node:http` with kept-alive connections, as a load generator sends
 * them: `fetch` costs the clients more CPU per request than the application spends answering it,
 * and on a shared machine that CPU is taken from the application and PostgreSQL.
 */
export function httpCaller(appBaseUrl: string, client: SignedInClient): WriteCall {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const { hostname, port } = new URL(appBaseUrl);
  const cookie = client.browser.jar.header(new URL('/api/documents', appBaseUrl)) ?? '';
  return (method, path, body) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string | number> = { cookie };
      if (payload !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = Buffer.byteLength(payload);
      }
      const sent = request({ hostname, port, path, method, headers, agent }, (answer) => {
        answer.resume();
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0 }));
        answer.on('error', reject);
      });
      sent.on('error', reject);
      sent.end(payload);
    });
}

async function timed(call: () => Promise<{ status: number }>, expected: readonly number[]): Promise<number> {
  const start = performance.now();
  const { status } = await call();
  if (!expected.includes(status)) throw new Error(`status ${status}, expected ${expected.join(' or ')}`);
  return performance.now() - start;
}

/** One round of one client: the writes of the job's kind on its document. */
export function clientRound(alice: WriteCall, writes: ClientsJob['writes']) {
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
  const client = await signIn(job.appBaseUrl, { username: 'alice', password: job.password });
  const alice = httpCaller(job.appBaseUrl, client);
  parentPort.postMessage(await runClients(job.documents, job.rounds, clientRound(alice, job.writes)));
}
