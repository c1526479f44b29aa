/**
 * One pooled connection to Topaz: an HTTP/2 session (connected lazily, reconnected after a
 * failure) carrying the SDK's gRPC service clients, with the SDK's request headers (api key or
 * token, tenant) and TLS settings. Unlike the SDK's `Authorizer`/`DirectoryV3` wrappers, which
 * open a session per instance that nothing can close, a channel is closed by the pool.
 */
import type { DescService } from '@bufbuild/protobuf';
import { type Client, createClient, type Interceptor } from '@connectrpc/connect';
import { createGrpcTransport, Http2SessionManager } from '@connectrpc/connect-node';

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

/** Sets the headers Topaz's SDK sends: `authorization` (token, or `basic <apiKey>`) and the tenant. */
function credentialHeaders(settings: ChannelSettings): Interceptor {
  const authorization = settings.token ?? (settings.apiKey ? `basic ${settings.apiKey}` : undefined);
  return (next) => async (request) => {
    if (authorization) request.header.set('authorization', authorization);
    if (settings.tenantId) request.header.set('aserto-tenant-id', settings.tenantId);
    return next(request);
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
  const transport = createGrpcTransport({
    baseUrl,
    sessionManager,
    interceptors: [credentialHeaders(settings)],
  });
  const clients = Object.fromEntries(
    Object.entries(services).map(([name, service]) => [name, createClient(service, transport)]),
  ) as { [K in keyof S]: Client<S[K]> };
  return { clients, close: () => sessionManager.abort() };
}
