/**
 * The load generator of the HTTP benchmarks, run as a process of its own (so that its CPU is not
 * the server's): on each IPC message {@link LoadOrder} it keeps one GET in flight on each of
 * `connections` keep-alive connections for `warmupSeconds`, then for `seconds` of measurement,
 * and answers {@link LoadResult}: the responses completed in the measured window and the server
 * process's CPU over exactly that window, read from `/proc` by this process at the window's two
 * ends (`processCpuNs`); on {@link LoadOrders} it loads several servers at once the same way and
 * answers their results in order. Requests are pre-encoded bytes and responses are only framed (status line,
 * Content-Length), so a request costs this process a few microseconds — far less than the server
 * it loads, whose throughput then decides the figure.
 */
import { connect, type Socket } from 'node:net';
import { processCpuNs } from './process-cpu.ts';

/** One load run. */
export interface LoadOrder {
  readonly port: number;
  /** The server's process, whose CPU is read at the two ends of the measured window. */
  readonly serverPid: number;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly connections: number;
  /** Seconds of load before the measured window. */
  readonly warmupSeconds: number;
  /** Seconds of the measured window. */
  readonly seconds: number;
}

/** The outcome of a run: what the measured window saw, and every response that was not 200. */
export interface LoadResult {
  /** Responses completed in the measured window. */
  readonly requests: number;
  /** Wall seconds of the measured window. */
  readonly seconds: number;
  /** CPU nanoseconds of the server process (every thread) in the measured window. */
  readonly serverCpuNs: number;
  /** Responses other than 200, warm-up included. */
  readonly failed: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** Drives one connection: a request, its response, the next — until `more()` says stop. */
function drive(
  socket: Socket,
  request: Buffer,
  more: () => boolean,
  answered: (ok: boolean) => void,
  done: () => void,
): void {
  let buffered: Buffer = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    for (;;) {
      const end = buffered.indexOf(HEADER_END);
      if (end < 0) return;
      const head = buffered.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      const total = end + 4 + length;
      if (buffered.length < total) return;
      answered(head.startsWith('HTTP/1.1 200'));
      buffered = buffered.subarray(total);
      if (more()) socket.write(request);
      else {
        socket.end();
        return done();
      }
    }
  });
  socket.write(request);
}

/** Runs one order: warm-up, measured window, then the requests in flight are let finish. */
export function runLoad(order: LoadOrder): Promise<LoadResult> {
  const headerLines = Object.entries(order.headers).map(([name, value]) => `${name}: ${value}\r\n`);
  const request = Buffer.from(
    `GET ${order.path} HTTP/1.1\r\nHost: 127.0.0.1:${order.port}\r\n${headerLines.join('')}\r\n`,
  );
  let completed = 0;
  let failed = 0;
  let running = true;
  const answered = (ok: boolean) => {
    completed++;
    if (!ok) failed++;
  };
  return new Promise((resolve, reject) => {
    let window: { completed: number; cpuNs: number; at: bigint } | undefined;
    let result: Omit<LoadResult, 'failed'> | undefined;
    const mark = () => ({ completed, cpuNs: processCpuNs(order.serverPid), at: process.hrtime.bigint() });
    setTimeout(() => {
      window = mark();
      setTimeout(() => {
        const end = mark();
        running = false;
        result = {
          requests: end.completed - window!.completed,
          seconds: Number(end.at - window!.at) / 1e9,
          serverCpuNs: end.cpuNs - window!.cpuNs,
        };
      }, order.seconds * 1000);
    }, order.warmupSeconds * 1000);
    let open = order.connections;
    for (let i = 0; i < order.connections; i++) {
      const socket = connect(order.port, '127.0.0.1');
      socket.setNoDelay(true);
      socket.on('error', reject);
      socket.once('connect', () =>
        drive(
          socket,
          request,
          () => running,
          answered,
          () => {
            if (--open === 0) resolve({ ...result!, failed });
          },
        ),
      );
    }
  });
}

/** Several load runs at once, one per server, whose windows open and close together. */
export interface LoadOrders {
  readonly all: readonly LoadOrder[];
}

if (process.send) {
  process.on('message', (message: LoadOrder | LoadOrders) => {
    const run = 'all' in message ? Promise.all(message.all.map(runLoad)) : runLoad(message);
    run.then(
      (result) => process.send?.(result),
      (error: unknown) => process.send?.({ error: String(error) }),
    );
  });
  process.on('disconnect', () => process.exit(0));
}
