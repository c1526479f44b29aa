/**
 * A Topaz-compatible server for tests: free ports on 127.0.0.1, a short close grace, and its CA
 * certificate written to a file for clients' `caFile`.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  startTopazCompatibleServer,
  type TopazCompatibleServer,
  type TopazCompatibleServerOptions,
} from '../index.ts';

/** A running test server and the file holding its CA certificate. */
export interface TestTopazServer {
  readonly server: TopazCompatibleServer;
  readonly caFile: string;
  /** Closes the server and removes the CA file. */
  close(): Promise<void>;
}

/**
 * Starts a server on free loopback ports.
 *
 * @example
 * const { server, caFile, close } = await startTestTopazServer({ decisionService, relationDirectory });
 */
export async function startTestTopazServer(options: TopazCompatibleServerOptions): Promise<TestTopazServer> {
  const server = await startTopazCompatibleServer({
    ports: { authorizer: 0, gateway: 0, directory: 0 },
    closeGraceMs: 200,
    ...options,
  });
  const folder = await mkdtemp(path.join(tmpdir(), 'gatehouse-topaz-'));
  const caFile = path.join(folder, 'ca.pem');
  await writeFile(caFile, server.caCert);
  return {
    server,
    caFile,
    close: async () => {
      await server.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
