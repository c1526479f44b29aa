/**
 * Node-only transports for the outbound built-ins. Rego evaluation is synchronous, so a request
 * runs in a worker thread while the evaluating thread waits on an `Atomics` signal and then takes
 * the answer with `receiveMessageOnPort` — the evaluation blocks its thread, as OPA's blocks its
 * goroutine. Give them only to an engine that may block for up to the request's timeout.
 */
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { OutboundCalls, OutboundRequest, OutboundResponse } from '@gatehousejs/rego';

/**
 * Runs in the worker: performs each request with `node:http(s)` (raw header lines kept, as Go
 * reports each value; redirects not followed) or a DNS lookup, and signals the answer.
 */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const dns = require('node:dns').promises;
const signal = new Int32Array(workerData.signal);
const port = workerData.port;
function send(r) {
  return new Promise((resolve, reject) => {
    const url = new URL(r.url);
    const lib = url.protocol === 'https:' ? require('node:https') : require('node:http');
    const req = lib.request(url, { method: r.method, headers: r.headers, timeout: r.timeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const headers = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) headers.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        resolve({ status: res.statusCode, statusText: res.statusMessage || '', headers, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('timeout', () => req.destroy(new Error('request timed out after ' + r.timeoutMs + ' ms')));
    req.on('error', reject);
    if (r.body !== undefined) req.write(r.body);
    req.end();
  });
}
port.on('message', async (job) => {
  let answer;
  try {
    if (job.kind === 'lookup') {
      const found = await dns.lookup(job.name, { all: true });
      answer = { addresses: found.map((a) => a.address) };
    } else {
      answer = { response: await send(job.request) };
    }
  } catch (e) {
    answer = { error: String((e && e.message) || e) };
  }
  port.postMessage(answer);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});
`;

/** Options of {@link createBlockingTransport}. */
export interface BlockingTransportOptions {
  /** Hosts `http.send` may reach (`name` or `name:port`); empty leaves `http.send` off. */
  readonly allowedHosts: readonly string[];
  /** Whether `net.lookup_ip_addr` may resolve names (default false). */
  readonly lookupIpAddr?: boolean;
}

/** The transports and the worker they use; `close()` ends the worker. */
export interface BlockingTransport {
  readonly calls: OutboundCalls;
  close(): Promise<void>;
}

/**
 * Creates the worker-backed transports.
 * @param options.allowedHosts hosts `http.send` may reach; `[]` leaves it off
 * @param options.lookupIpAddr let `net.lookup_ip_addr` resolve names; default false
 * @example
 * const transport = createBlockingTransport({ allowedHosts: ['idp.example:443'] });
 * const builtins = createStandardBuiltins({ outbound: transport.calls });
 */
export function createBlockingTransport(options: BlockingTransportOptions): BlockingTransport {
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { signal: signal.buffer, port: port2 },
    transferList: [port2],
  });
  worker.unref();
  port1.unref();

  const ask = (job: unknown, timeoutMs: number): Record<string, unknown> => {
    Atomics.store(signal, 0, 0);
    port1.postMessage(job);
    // A margin over the request's own timeout, so the worker's abort answers first.
    if (Atomics.wait(signal, 0, 0, timeoutMs + 1_000) === 'timed-out') throw new Error('request timed out');
    const reply = receiveMessageOnPort(port1);
    if (!reply) throw new Error('no answer from the outbound worker');
    const answer = reply.message as Record<string, unknown>;
    if (typeof answer.error === 'string') throw new Error(answer.error);
    return answer;
  };

  const calls: OutboundCalls = {
    ...(options.allowedHosts.length > 0
      ? {
          http: {
            allowedHosts: options.allowedHosts,
            send: (request: OutboundRequest) =>
              ask(
                { kind: 'http', request: { ...request, headers: Object.fromEntries(request.headers) } },
                request.timeoutMs,
              ).response as OutboundResponse,
          },
        }
      : {}),
    ...(options.lookupIpAddr
      ? { lookupIpAddr: (name: string) => ask({ kind: 'lookup', name }, 5_000).addresses as string[] }
      : {}),
  };
  return {
    calls,
    async close() {
      port1.close();
      await worker.terminate();
    },
  };
}
