/**
 * A small HTTP reverse proxy on 127.0.0.1 that sends each request to the next of its upstreams in
 * turn, skipping an upstream that refuses the connection (a stopped replica), as a load balancer
 * does. Bodies and headers pass through unchanged.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running proxy. */
export interface RoundRobinProxy {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Starts the proxy on `port` (0 picks a free one) in front of `upstreams` (`http://127.0.0.1:<port>`).
 *
 * @example
 * const proxy = await startRoundRobinProxy(stack.appPort, replicas.map((r) => r.url));
 */
export async function startRoundRobinProxy(
  port: number,
  upstreams: readonly string[],
): Promise<RoundRobinProxy> {
  let next = 0;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const forward = (attempt: number): void => {
      if (attempt >= upstreams.length) {
        res.writeHead(502, { 'content-type': 'application/json' }).end('{"detail":"no replica answers"}');
        return;
      }
      const target = new URL(upstreams[next++ % upstreams.length]!);
      const upstream = request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        // Refused: nothing reached that replica, so another may take the request.
        if (error.code === 'ECONNREFUSED' && !res.headersSent) return forward(attempt + 1);
        res.destroy(error);
      });
      upstream.end(body);
    };
    forward(0);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
