/**
 * `authz-tool policy-map`: every route with its method, policy path and whether a policy exists
 * (OK or Missing), as a Markdown table, aligned text or JSON.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { defineCommand } from 'citty';
import { scanAppRoutes } from '../app-routes.ts';
import { APP_ARGS, checkUsage, choiceOption, REGO_VERSION_ARG, stringOption } from '../command-args.ts';
import { type CommandIo, commandIo, runAction } from '../command-io.ts';
import { EXIT_CODES, type ExitCode } from '../exit-codes.ts';
import { MAP_FORMATS, policyMapRows, renderPolicyMap } from '../policy-map.ts';
import type { PolicyPackage } from '../policy-packages.ts';
import { readPackagesWithProgress } from '../policy-reading.ts';

const DEFAULT_POLICIES = 'policies';

const args = {
  ...APP_ARGS,
  format: {
    type: 'string',
    valueHint: 'markdown|text|json',
    default: 'markdown',
    description: 'markdown table, aligned text columns, or JSON ([{ route, method, policyPath, status }])',
  },
  policies: {
    type: 'string',
    valueHint: 'dir',
    description: `the policy directory the Status column is checked against (default: ./${DEFAULT_POLICIES}; when that does not exist every route is Missing)`,
  },
  ...REGO_VERSION_ARG,
} as const;

async function packagesFor(
  io: CommandIo,
  given: string | undefined,
  version: 'v0' | 'v1',
): Promise<PolicyPackage[]> {
  const dir = path.resolve(io.cwd, given ?? DEFAULT_POLICIES);
  if (
    given === undefined &&
    !(await stat(dir).then(
      (s) => s.isDirectory(),
      () => false,
    ))
  ) {
    io.logger.warn(`no ./${DEFAULT_POLICIES} directory: every route is Missing (pass --policies <dir>)`);
    return [];
  }
  return readPackagesWithProgress(io, dir, version);
}

async function runMap(io: CommandIo, values: Record<string, unknown>): Promise<ExitCode> {
  const format = choiceOption(values, 'format', MAP_FORMATS);
  const version = choiceOption(values, 'rego-version', ['v0', 'v1'] as const);
  const policiesDir = stringOption(values, 'policies');
  const { routes } = await scanAppRoutes(io, values);
  const packages = await packagesFor(io, policiesDir, version);
  io.out(renderPolicyMap(policyMapRows(routes, packages), format));
  return EXIT_CODES.ok;
}

/** `authz-tool policy-map`. */
export const policyMapCommand = defineCommand({
  meta: {
    name: 'policy-map',
    description:
      'Print every route of a Hono app as a table: Route, Method, Policy Path, Status (OK when a policy package with that path exists, else Missing). Exit codes: 0 printed (Missing rows included; use policy-diff to fail a build), 2 usage error, unloadable app or a policy that does not parse.',
  },
  args,
  run({ args: values, rawArgs, data }) {
    const io = commandIo(data);
    return runAction(io, () => {
      checkUsage('policy-map', rawArgs, args, values._);
      return runMap(io, values);
    });
  },
});
