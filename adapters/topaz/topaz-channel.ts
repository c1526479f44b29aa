/**
 * One pooled connection to Topaz: an HTTP/2 session (connected lazily, reconnected after a
 * failure) carrying the SDK's gRPC service clients, with the SDK's request headers (api key or
 * token, tenant) and TLS settings. Unlike the SDK's `Authorizer`/`DirectoryV3` wrappers, which
 * open a session per instance that nothing can close, a channel is closed by the pool.
 */
import type { DescService } from '@bufbuild/protobuf';
import { type Client, createClient } from '@connectrpc/connect';
import { Http2SessionManager } from '@connectrpc/connect-node';
import { createGrpcUnaryTransport } from './grpc-unary-transport.ts';

/** What a channel needs to know about Topaz. */
export interface ChannelSettings {
  readonly url: string;
  readonly tenantId?: string | undefined;
  readonly apiKey?: string | undefined;
  readonly token?: string | undefined;
  readonly ca?: Buffer | undefined;
  readonly insecure: boolean;
}

/** A connection carrying clients of the services `S`. */
export interface TopazChannel<S extends Record<string, DescService>> {
  readonly clients: { readonly [K in keyof S]: Client<S[K]> };
  /** Closes the HTTP/2 session; calls in flight fail. */
  close(): void;
}

/** The headers Topaz's SDK sends: `authorization` (token, or `basic <apiKey>`) and the tenant. */
function credentialHeaders(settings: ChannelSettings): Record<string, string> {
  const authorization = settings.token ?? (settings.apiKey ? `basic ${settings.apiKey}` : undefined);
  return {
    ...(authorization ? { authorization } : {}),
    ...(settings.tenantId ? { 'aserto-tenant-id': settings.tenantId } : {}),
  };
}

/**
 * Opens a channel (no socket until the first call).
 *
 * @example
 * const channel = openChannel(settings, { authorizer: Authorizer });
 * await channel.clients.authorizer.is(request, { timeoutMs: 1000 });
 * channel.close();
 */
export function openChannel<S extends Record<string, DescService>>(
  settings: ChannelSettings,
  services: S,
): TopazChannel<S> {
  const baseUrl = `https://${settings.url}`;
  const sessionManager = new Http2SessionManager(baseUrl, undefined, {
    rejectUnauthorized: !settings.insecure,
    ...(settings.ca ? { ca: settings.ca } : {}),
  });
  const transport = createGrpcUnaryTransport({ sessionManager, headers: credentialHeaders(settings) });
  const clients = Object.fromEntries(
    Object.entries(services).map(([name, service]) => [name, createClient(service, transport)]),
  ) as { [K in keyof S]: Client<S[K]> };
  return { clients, close: () => sessionManager.abort() };
}
