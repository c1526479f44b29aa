/**
 * A Node HTTP server bound to 127.0.0.1 (or, when asked, another address such as `0.0.0.0` inside
 * a container), with a clean stop that also ends idle keep-alive connections (so Ctrl-C and test
 * teardown never hang).
 */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StackError } from './stack-error.ts';

/** A listening loopback server. */
export interface LoopbackServer {
  /** The port actually bound (useful when 0 was asked for). */
  readonly port: number;
  /** `http://127.0.0.1:<port>` (the loopback address also when bound to every interface). */
  readonly url: string;
  /** Replaces the request handler (lets a handler be built once the port is known). */
  handle(listener: RequestListener): void;
  close(): Promise<void>;
}

/** The URL host of a listening address: wildcard addresses are reached through loopback. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * How long a client may take to send a whole request, headers and body (default 30 s): a client
 * that trickles its body (a byte now and then) is answered 408 and disconnected then, instead of
 * holding a connection and a handler for Node's default of 300 s.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Makes sure nothing listens on `host:port` before a server of another program is started there
 * (PostgreSQL), so a taken port is reported like the stack's own servers report it.
 *
 * @param what the service, for error messages, e.g. `PostgreSQL (EMBEDDED_POSTGRES_PORT)`
 * @throws {StackError} `port_in_use` when the port is taken
 */
export async function ensurePortFree(port: number, what: string, host = '127.0.0.1'): Promise<void> {
  const probe = await listenOnLoopback(() => {}, port, what, host);
  await probe.close();
}

/**
 * Listens on `host:port`.
 *
 * @param port 0 picks a free port
 * @param what the service, for error messages, e.g. `OIDC provider (OIDC_PROVIDER_PORT)`
 * @param host default `127.0.0.1`
 * @param requestTimeoutMs default {@link REQUEST_TIMEOUT_MS}
 * @throws {StackError} `port_in_use` when the port is taken
 */
export async function listenOnLoopback(
  listener: RequestListener,
  port: number,
  what: string,
  host = '127.0.0.1',
  requestTimeoutMs = REQUEST_TIMEOUT_MS,
): Promise<LoopbackServer> {
  let current = listener;
  const server = createServer(
    {
      requestTimeout: requestTimeoutMs,
      headersTimeout: requestTimeoutMs,
      // Node checks the timeouts this often (default 30 s, which would double the limit).
      connectionsCheckingInterval: Math.min(1000, requestTimeoutMs),
    },
    (req, res) => current(req, res),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', (cause: NodeJS.ErrnoException) => {
      reject(
        cause.code === 'EADDRINUSE'
          ? new StackError('port_in_use', `${what}: port ${port} on ${host} is already in use`, { cause })
          : new StackError('start_failed', `${what}: cannot listen on ${host}:${port}`, { cause }),
      );
    });
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `http://${urlHost(host)}:${bound}`,
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
