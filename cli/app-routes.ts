/**
 * The first step of `generate-policies`, `policy-diff` and `policy-map`: load `--app` and
 * `--config`, and scan the routes (of a Hono app, or of a Fastify instance through `authzPlugin`),
 * with progress on the command's logger.
 */

import type { RouteEntry } from '@gatehousejs/core';
import { scanRoutes } from '@gatehousejs/hono';
import { isFastifyApp, loadApp } from './app-module.ts';
import { requiredOption, stringOption } from './command-args.ts';
import type { CommandIo } from './command-io.ts';
import { loadOptionalPeer } from './optional-peer.ts';
import { counted } from './text-table.ts';
import type { AuthzToolConfig } from './tool-config.ts';

/** The scanned routes and the configuration they were scanned with. */
export interface AppRoutes {
  readonly routes: RouteEntry[];
  readonly config: AuthzToolConfig;
}

/**
 * Loads the app named by the `app` and `config` options and scans its routes.
 *
 * @throws {AuthzToolError} for a missing `--app` or a reference that cannot be loaded
 */
export async function scanAppRoutes(io: CommandIo, values: Record<string, unknown>): Promise<AppRoutes> {
  const app = requiredOption(values, 'app', '<module:export>');
  const config = stringOption(values, 'config');
  io.logger.start(`Scanning the routes of ${app}`);
  const loaded = await loadApp({ app, config }, io.cwd);
  const routes = isFastifyApp(loaded.app)
    ? await (
        await loadOptionalPeer(
          '@gatehousejs/fastify',
          `--app ${app} (a Fastify instance)`,
          () => import('@gatehousejs/fastify'),
        )
      ).scanRoutes(loaded.app, loaded.config)
    : scanRoutes(loaded.app, loaded.config);
  const root = loaded.config.policyPathRoot;
  io.logger.info(
    `${counted(routes.length, 'route')}, policy root ${root} (configuration: ${loaded.configSource})`,
  );
  return { routes, config: loaded.config };
}
