/**
 * Topaz as the application's decision service and directory: the Topaz adapter's decision
 * service (authorizer gRPC) and relation directory (directory gRPC, written by the outbox relay),
 * and the packages of the policies Topaz has loaded, listed at start for route validation.
 */

import { AuthzConfigError } from '@gatehousejs/core';
import { type DirectoryModel, parseManifest } from '@gatehousejs/engine';
import type { TopazDecisionService, TopazRelationDirectory } from '@gatehousejs/topaz';
import { ConfigError, type TopazSettings } from '../config/index.ts';
import type { AuthorizationBackend } from './authorization-backend.ts';
import { AuthorizationStartError } from './authorization-error.ts';
import { checkDirectoryModel } from './directory-model-check.ts';

/** The environment variable behind each option of the adapter, for configuration errors. */
const VARIABLES: Readonly<Record<string, string>> = {
  caFile: 'TOPAZ_CA_CERT_FILE',
  tenantId: 'TOPAZ_TENANT_ID',
  apiKey: 'TOPAZ_API_KEY',
  policyInstanceName: 'TOPAZ_POLICY_INSTANCE_NAME',
  timeoutMs: 'TOPAZ_TIMEOUT_MS',
  'pool.minConnections': 'TOPAZ_POOL_MIN_CONNECTIONS',
  'pool.maxConnections': 'TOPAZ_POOL_MAX_CONNECTIONS',
};

function asConfigError(error: unknown, urlVariable: string): unknown {
  if (!(error instanceof AuthzConfigError)) return error;
  const variable = VARIABLES[error.field] ?? urlVariable;
  const message = error.message.startsWith(`${error.field}: `)
    ? error.message.slice(error.field.length + 2)
    : error.message;
  return new ConfigError([{ variable, message }], { cause: error });
}

/** The model of the manifest Topaz's directory holds; `undefined` when none is set. */
async function readDirectoryModel(
  directory: TopazRelationDirectory,
  url: string,
): Promise<DirectoryModel | undefined> {
  let text: string;
  try {
    text = await directory.readManifest();
  } catch (cause) {
    throw new AuthorizationStartError(
      'topaz_unavailable',
      `Topaz's directory at ${url} did not give its manifest: ${(cause as Error).message}`,
      { cause },
    );
  }
  if (text.trim() === '') return undefined;
  try {
    return parseManifest(text, `the manifest of Topaz's directory at ${url}`);
  } catch (cause) {
    throw new AuthorizationStartError(
      'directory_model_incomplete',
      `Topaz's directory at ${url} holds a manifest the application cannot read: ${(cause as Error).message.replaceAll('\n', ' ')}`,
      { cause },
    );
  }
}

/**
 * Connects to Topaz (the connections open on first use) and lists its policies' packages.
 *
 * @throws {ConfigError} naming the variable when an option is unusable (e.g. an unreadable `TOPAZ_CA_CERT_FILE`)
 * @throws {AuthorizationStartError} `topaz_unavailable` when `ListPolicies` fails, `topaz_without_policies`
 *   when Topaz has none loaded, `directory_model_incomplete` when its directory's manifest lacks (or has
 *   none of) the object types, relations and permissions the application uses
 * @example
 * const settings = loadSettings();
 * if (settings.topaz) {
 *   const backend = await startTopazAuthorization(settings.topaz);
 *   backend.policyPackages; // ['webapp.DELETE.api.documents.__id', …] as Topaz lists them
 * }
 */
export async function startTopazAuthorization(topaz: TopazSettings): Promise<AuthorizationBackend> {
  // Loaded only when Topaz decides: its gRPC stack is a large part of what a start would load.
  const { createTopazDecisionService, createTopazRelationDirectory } = await import('@gatehousejs/topaz');
  const connection = {
    tenantId: topaz.tenantId,
    apiKey: topaz.apiKey,
    caFile: topaz.caCertFile,
    insecure: topaz.insecure,
    timeoutMs: topaz.timeoutMs,
    pool: topaz.pool,
  };
  let decisionService: TopazDecisionService | undefined;
  let directory: TopazRelationDirectory | undefined;
  const close = async () => {
    try {
      await decisionService?.close();
    } finally {
      await directory?.close();
    }
  };
  try {
    decisionService = createTopazDecisionService({
      url: topaz.url,
      policyInstanceName: topaz.policyInstanceName,
      ...connection,
    });
  } catch (error) {
    throw asConfigError(error, 'TOPAZ_URL');
  }
  try {
    directory = createTopazRelationDirectory({ url: topaz.directoryUrl, ...connection });
  } catch (error) {
    await close();
    throw asConfigError(error, 'TOPAZ_DIRECTORY_URL');
  }
  let packages: string[];
  try {
    packages = await decisionService.listPolicyPackages();
  } catch (cause) {
    await close();
    throw new AuthorizationStartError(
      'topaz_unavailable',
      `Topaz at ${topaz.url} did not list its policies: ${(cause as Error).message}`,
      { cause },
    );
  }
  if (packages.length === 0) {
    await close();
    throw new AuthorizationStartError(
      'topaz_without_policies',
      `Topaz at ${topaz.url} has no policies loaded: load the application's policies/ folder into it (see deploy/topaz/config.yaml)`,
    );
  }
  try {
    checkDirectoryModel(
      await readDirectoryModel(directory, topaz.directoryUrl),
      `Topaz's directory at ${topaz.directoryUrl}`,
    );
  } catch (error) {
    await close();
    throw error;
  }
  return {
    description:
      `Topaz at ${topaz.url} (policy instance ${topaz.policyInstanceName}, ${packages.length} packages; ` +
      `directory ${topaz.directoryUrl})`,
    decisionService,
    directory,
    graph: directory,
    policyPackages: packages,
    close,
  };
}
