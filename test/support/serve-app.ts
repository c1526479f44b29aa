/**
 * Serves a Hono app on 127.0.0.1 for a test, on the port the test stack reserved for it.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

/** A served app. */
export interface ServedApp {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Listens on `127.0.0.1:port` (0 picks a free port).
 *
 * @example
 * const served = await serveApp(app, stack.appPort);
 */
export function serveApp(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  port: number,
): Promise<ServedApp> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      });
    });
    server.once('error', reject);
  });
}
