/**
 * One gRPC endpoint: an HTTP/2 TLS listener serving Connect routes over the gRPC protocol only
 * (as Topaz does), counting the client connections (HTTP/2 sessions) it has seen.
 */
import http2 from 'node:http2';
import type { Server } from 'node:net';
import type { ConnectRouter, Interceptor } from '@connectrpc/connect';
import { connectNodeAdapter } from '@connectrpc/connect-node';
import { TopazServerError } from './server-error.ts';
import type { TlsMaterial } from './tls.ts';

/** Largest request message accepted, as Go gRPC servers (Topaz) default to: 4 MiB. */
export const maxMessageBytes = 4 * 1024 * 1024;

/** Connection figures of an endpoint. */
export interface ConnectionStats {
  /** Client connections accepted since start. */
  readonly opened: number;
  /** Client connections open now. */
  readonly active: number;
}

/** A listening gRPC endpoint. */
export interface GrpcEndpoint {
  readonly port: number;
  connections(): ConnectionStats;
  /** Stops accepting, closes client connections (forcibly after `graceMs`) and resolves when done. */
  close(): Promise<void>;
}

/** Where and what an endpoint serves. */
export interface GrpcEndpointOptions {
  readonly name: string;
  readonly host: string;
  readonly port: number;
  readonly tls: TlsMaterial;
  readonly routes: (router: ConnectRouter) => void;
  readonly interceptors: readonly Interceptor[];
  readonly graceMs: number;
}

/** Binds `server` to host:port, reporting a failure as a {@link TopazServerError} naming the endpoint. */
export function listenOn(server: Server, name: string, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      reject(
        new TopazServerError('listen_failed', `${name} cannot listen on ${host}:${port}: ${error.message}`, {
          cause: error,
        }),
      );
    };
    server.once('error', onError);
    server.once('listening', () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
    server.listen(port, host);
  });
}

/**
 * Starts an endpoint.
 *
 * @example
 * const endpoint = await startGrpcEndpoint({ name: 'authorizer', host: '127.0.0.1', port: 0, tls, routes, interceptors: [], graceMs: 5000 });
 */
export async function startGrpcEndpoint(options: GrpcEndpointOptions): Promise<GrpcEndpoint> {
  const handler = connectNodeAdapter({
    routes: options.routes,
    grpc: true,
    grpcWeb: false,
    connect: false,
    // gRPC's (and Topaz's) default limit on a received message.
    readMaxBytes: maxMessageBytes,
    interceptors: [...options.interceptors],
  });
  const server = http2.createSecureServer(
    { cert: options.tls.cert, key: options.tls.key, noDelay: true },
    handler,
  );
  const sessions = new Set<http2.ServerHttp2Session>();
  let opened = 0;
  server.on('session', (session) => {
    opened++;
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  const port = await listenOn(server, options.name, options.host, options.port);

  return {
    port,
    connections: () => ({ opened, active: sessions.size }),
    close: () =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          for (const session of sessions) session.destroy();
        }, options.graceMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        for (const session of sessions) session.close();
      }),
  };
}
