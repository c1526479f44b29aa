/**
 * `policyMap`: every route with its policy path and whether a policy exists for it, as a
 * Markdown table, aligned text or JSON.
 */

import type { RouteEntry } from '@gatehousejs/core';
import type { RegoVersion } from '@gatehousejs/engine';
import { scanRoutes } from '@gatehousejs/hono';
import type { RoutedApp } from './app-module.ts';
import { listPolicyFiles, type PolicyPackage, parsePolicyPackages } from './policy-packages.ts';
import { markdownTable, textTable } from './text-table.ts';
import { type AuthzToolOptions, parseToolConfig } from './tool-config.ts';

/** Output formats of `policy-map`. */
export const MAP_FORMATS = ['markdown', 'text', 'json'] as const;
/** One of {@link MAP_FORMATS}. */
export type MapFormat = (typeof MAP_FORMATS)[number];

/** One row of the map. */
export interface PolicyMapRow {
  readonly route: string;
  readonly method: string;
  readonly policyPath: string;
  /** `OK` when a policy package with that path exists, else `Missing`. */
  readonly status: 'OK' | 'Missing';
}

/**
 * The map of scanned routes against the packages that exist.
 *
 * @example
 * policyMapRows(scanRoutes(app, { policyPathRoot: 'webapp' }), packages);
 * // [{ route: '/api/documents', method: 'GET', policyPath: 'webapp.GET.api.documents', status: 'OK' }, …]
 */
export function policyMapRows(
  routes: readonly RouteEntry[],
  packages: readonly PolicyPackage[],
): PolicyMapRow[] {
  const known = new Set(packages.map((p) => p.policyPath));
  return routes.map((r) => ({
    route: r.path,
    method: r.method,
    policyPath: r.policyPath,
    status: known.has(r.policyPath) ? 'OK' : 'Missing',
  }));
}

const HEADER = ['Route', 'Method', 'Policy Path', 'Status'];

/** The map in `format`, ending with a newline. */
export function renderPolicyMap(rows: readonly PolicyMapRow[], format: MapFormat): string {
  if (format === 'json') return `${JSON.stringify(rows, null, 2)}\n`;
  const cells = rows.map((r) => [r.route, r.method, r.policyPath, r.status]);
  return `${format === 'markdown' ? markdownTable(HEADER, cells) : textTable(HEADER, cells)}\n`;
}

/**
 * Scans `app`'s routes and maps each to its policy path and status against `policiesDir`.
 *
 * @param config `policyPathRoot` (default `webapp`) and `excludePaths` (default none)
 * @param options `regoVersion` of files that do not import `rego.v1` (default `v0`)
 * @throws {RegoError} when a policy file does not parse
 * @example
 * renderPolicyMap(await policyMap(app, { policyPathRoot: 'webapp' }, 'policies'), 'markdown');
 */
export async function policyMap(
  app: RoutedApp,
  config: AuthzToolOptions,
  policiesDir: string,
  options: { readonly regoVersion?: RegoVersion } = {},
): Promise<PolicyMapRow[]> {
  const { policyPathRoot, excludePaths } = parseToolConfig(config, 'policyMap config');
  const routes = scanRoutes(app, { policyPathRoot, excludePaths });
  const files = await listPolicyFiles(policiesDir);
  return policyMapRows(routes, await parsePolicyPackages(files, { version: options.regoVersion }));
}
