/**
 * The load generator of the HTTP benchmarks, run as a process of its own (so that its CPU is not
 * the server's): on each IPC message `{ port, path, headers, connections, requests }` it sends
 * `requests` GETs over `connections` keep-alive connections, one request in flight per connection,
 * and answers `{ seconds, failed }`. Requests are pre-encoded bytes and responses are only framed
 * (status line, Content-Length), so a request costs this process a few microseconds — far less
 * than the server it loads, whose throughput then decides the figure.
 */
import { connect, type Socket } from 'node:net';

/** One load run. */
export interface LoadOrder {
  readonly port: number;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly connections: number;
  readonly requests: number;
}

/** The outcome of a run: wall seconds, and responses that were not 200. */
export interface LoadResult {
  readonly seconds: number;
  readonly failed: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** Drives one connection until `next()` says no more requests are left. */
function drive(socket: Socket, request: Buffer, next: () => boolean, done: (failed: number) => void): void {
  let buffered: Buffer = Buffer.alloc(0);
  let failed = 0;
  socket.on('data', (chunk: Buffer) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    for (;;) {
      const end = buffered.indexOf(HEADER_END);
      if (end < 0) return;
      const head = buffered.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      const total = end + 4 + length;
      if (buffered.length < total) return;
      if (!head.startsWith('HTTP/1.1 200')) failed++;
      buffered = buffered.subarray(total);
      if (next()) socket.write(request);
      else {
        socket.end();
        return done(failed);
      }
    }
  });
  if (next()) socket.write(request);
  else {
    socket.end();
    done(failed);
  }
}

/** Runs one order. */
export function runLoad(order: LoadOrder): Promise<LoadResult> {
  const headerLines = Object.entries(order.headers).map(([name, value]) => `${name}: ${value}\r\n`);
  const request = Buffer.from(
    `GET ${order.path} HTTP/1.1\r\nHost: 127.0.0.1:${order.port}\r\n${headerLines.join('')}\r\n`,
  );
  let left = order.requests;
  const next = () => left-- > 0;
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    let open = order.connections;
    let failed = 0;
    for (let i = 0; i < order.connections; i++) {
      const socket = connect(order.port, '127.0.0.1');
      socket.setNoDelay(true);
      socket.on('error', reject);
      socket.once('connect', () =>
        drive(socket, request, next, (f) => {
          failed += f;
          if (--open === 0) resolve({ seconds: Number(process.hrtime.bigint() - started) / 1e9, failed });
        }),
      );
    }
  });
}

if (process.send) {
  process.on('message', (order: LoadOrder) => {
    runLoad(order).then(
      (result) => process.send?.(result),
      (error: unknown) => process.send?.({ error: String(error) }),
    );
  });
  process.on('disconnect', () => process.exit(0));
}
