/**
 * `startTopazCompatibleServer`: a decision service and a relation directory served over Topaz's
 * APIs — authorizer gRPC (8282), its REST gateway (8383), directory reader/writer/model gRPC
 * (9292) — with TLS, so that Topaz clients (the Topaz adapter, `@aserto/aserto-node`, the Topaz
 * CLI) work against it unchanged.
 */
import https from 'node:https';
import { Authorizer } from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/authorizer_pb.js';
import { Model } from '@aserto/node-directory/src/gen/cjs/aserto/directory/model/v3/model_pb.js';
import { Reader } from '@aserto/node-directory/src/gen/cjs/aserto/directory/reader/v3/reader_pb.js';
import { Writer } from '@aserto/node-directory/src/gen/cjs/aserto/directory/writer/v3/writer_pb.js';
import { getRequestListener } from '@hono/node-server';
import { AuthzConfigError, systemClock } from '../../core/index.ts';
import { apiKeyCheck, apiKeyInterceptor } from './api-keys.ts';
import { createAuthorizerService } from './authorizer-service.ts';
import { createReaderService, createWriterService } from './directory-service.ts';
import { type ConnectionStats, type GrpcEndpoint, listenOn, startGrpcEndpoint } from './grpc-endpoint.ts';
import { createModelService } from './model-service.ts';
import { createRestGateway } from './rest-gateway.ts';
import { type TopazCompatibleServerOptions, TopazServerSettingsSchema } from './server-options.ts';
import { tlsMaterial } from './tls.ts';

/** A running Topaz-compatible server. */
export interface TopazCompatibleServer {
  /** Authorizer gRPC address as `host:port` (what the Topaz adapter's `url` takes). */
  readonly authorizerUrl: string;
  /** REST gateway base URL, e.g. `https://127.0.0.1:8383`. */
  readonly restUrl: string;
  /** Directory gRPC address as `host:port`. */
  readonly directoryUrl: string;
  /** PEM certificate clients must trust (write it to a file for the adapter's `caFile`). */
  readonly caCert: string;
  /** Client connections seen by the gRPC endpoints. */
  connections(): { readonly authorizer: ConnectionStats; readonly directory: ConnectionStats };
  /** Stops all three listeners; open calls get `closeGraceMs` to finish. */
  close(): Promise<void>;
}

function addressOf(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/**
 * Starts the server. Ports default to Topaz's (8282, 8383, 9292); pass 0 for free ports.
 *
 * @param options - settings (see {@link TopazServerSettingsSchema}) and the served ports/capabilities
 * @throws {AuthzConfigError} naming the field when a setting is invalid
 * @throws {TopazServerError} when a port cannot be bound or no TLS material is available
 * @example
 * const server = await startTopazCompatibleServer({
 *   decisionService, relationDirectory, ports: { authorizer: 0, gateway: 0, directory: 0 },
 * });
 * const topaz = createTopazDecisionService({ url: server.authorizerUrl, caFile, policyInstanceName: 'webapp' });
 */
export async function startTopazCompatibleServer(
  options: TopazCompatibleServerOptions,
): Promise<TopazCompatibleServer> {
  const parsed = TopazServerSettingsSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AuthzConfigError(issue?.path.join('.') ?? '', issue?.message ?? 'invalid', {
      cause: parsed.error,
    });
  }
  const config = parsed.data;
  if (typeof options.decisionService?.decide !== 'function') {
    throw new AuthzConfigError('decisionService', 'must be a DecisionService (with decide())');
  }
  if (typeof options.relationDirectory?.check !== 'function') {
    throw new AuthzConfigError('relationDirectory', 'must be a RelationDirectory (with check())');
  }
  const tls = await tlsMaterial(config.tls);
  const authenticate = apiKeyCheck(config.apiKeys);
  const interceptors = [apiKeyInterceptor(authenticate)];
  const authorizer = createAuthorizerService({
    decisionService: options.decisionService,
    policyCatalog: options.policyCatalog,
    queryEvaluator: options.queryEvaluator,
    build: config.build,
  });
  const reader = createReaderService(options.relationDirectory);
  const writer = createWriterService(options.relationDirectory, options.clock ?? systemClock);
  const model = options.manifestStore ? createModelService(options.manifestStore) : {};

  const started: { close(): Promise<void> }[] = [];
  const closeAll = () => Promise.all(started.map((s) => s.close())).then(() => undefined);
  try {
    const common = { host: config.host, tls, interceptors, graceMs: config.closeGraceMs };
    const authorizerEndpoint: GrpcEndpoint = await startGrpcEndpoint({
      ...common,
      name: 'authorizer',
      port: config.ports.authorizer,
      routes: (router) => router.service(Authorizer, authorizer),
    });
    started.push(authorizerEndpoint);
    const directoryEndpoint = await startGrpcEndpoint({
      ...common,
      name: 'directory',
      port: config.ports.directory,
      routes: (router) => router.service(Reader, reader).service(Writer, writer).service(Model, model),
    });
    started.push(directoryEndpoint);

    const gateway = createRestGateway({ authorizer, authenticate });
    const listener = getRequestListener(gateway.fetch, { overrideGlobalObjects: false });
    const gatewayServer = https.createServer({ cert: tls.cert, key: tls.key }, listener);
    const gatewayPort = await listenOn(gatewayServer, 'REST gateway', config.host, config.ports.gateway);
    started.push({
      close: () =>
        new Promise<void>((resolve) => {
          const force = setTimeout(() => gatewayServer.closeAllConnections(), config.closeGraceMs);
          gatewayServer.close(() => {
            clearTimeout(force);
            resolve();
          });
          gatewayServer.closeIdleConnections();
        }),
    });

    return {
      authorizerUrl: addressOf(config.host, authorizerEndpoint.port),
      restUrl: `https://${addressOf(config.host, gatewayPort)}`,
      directoryUrl: addressOf(config.host, directoryEndpoint.port),
      caCert: tls.ca,
      connections: () => ({
        authorizer: authorizerEndpoint.connections(),
        directory: directoryEndpoint.connections(),
      }),
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
