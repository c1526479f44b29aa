/**
 * A Node HTTP server bound to 127.0.0.1 only, with a clean stop that also ends idle keep-alive
 * connections (so Ctrl-C and test teardown never hang).
 */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StackError } from './stack-error.ts';

/** A listening loopback server. */
export interface LoopbackServer {
  /** The port actually bound (useful when 0 was asked for). */
  readonly port: number;
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Replaces the request handler (lets a handler be built once the port is known). */
  handle(listener: RequestListener): void;
  close(): Promise<void>;
}

/**
 * Listens on `127.0.0.1:port`.
 *
 * @param port 0 picks a free port
 * @param what the service, for error messages, e.g. `OIDC provider (OIDC_PROVIDER_PORT)`
 * @throws {StackError} `port_in_use` when the port is taken
 */
export async function listenOnLoopback(
  listener: RequestListener,
  port: number,
  what: string,
): Promise<LoopbackServer> {
  let current = listener;
  const server = createServer((req, res) => current(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (cause: NodeJS.ErrnoException) => {
      reject(
        cause.code === 'EADDRINUSE'
          ? new StackError('port_in_use', `${what}: port ${port} on 127.0.0.1 is already in use`, { cause })
          : new StackError('start_failed', `${what}: cannot listen on 127.0.0.1:${port}`, { cause }),
      );
    });
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `http://127.0.0.1:${bound}`,
    handle(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
