/**
 * `authz-tool generate-policies`: writes one Rego policy per route of an app plus the
 * relationship policy `<root>.check`, never replacing an existing file unless asked.
 */
import path from 'node:path';
import { defineCommand } from 'citty';
import { scanAppRoutes } from '../app-routes.ts';
import { APP_ARGS, checkUsage, choiceOption, requiredOption } from '../command-args.ts';
import { type CommandIo, commandIo, runAction } from '../command-io.ts';
import { EXIT_CODES, type ExitCode } from '../exit-codes.ts';
import { policiesForRoutes } from '../generate-policies.ts';
import {
  POLICY_LAYOUTS,
  type PolicyFile,
  type PolicyFileStatus,
  planPolicyFiles,
  writePolicyFiles,
} from '../policy-files.ts';
import { verifyPolicies } from '../policy-verification.ts';
import { counted } from '../text-table.ts';

const args = {
  ...APP_ARGS,
  output: {
    type: 'string',
    valueHint: 'dir',
    description: '(required) directory to write the policies to (created if missing)',
  },
  format: {
    type: 'string',
    valueHint: 'flat|nested',
    default: 'flat',
    description:
      'file layout: flat = <output>/<policy path>.rego; nested = one directory per package segment, <output>/webapp/GET/api/documents/policy.rego',
  },
  overwrite: {
    type: 'boolean',
    description: 'replace existing files whose content differs (default: keep them and list them as kept)',
  },
  'dry-run': {
    type: 'boolean',
    description: 'print what would be written, with each new or replaced file, and write nothing',
  },
} as const;

/** How a status reads in a file line, when done and in a dry run. */
const VERBS: Record<PolicyFileStatus, readonly [done: string, planned: string]> = {
  created: ['created', 'would create'],
  overwritten: ['overwritten', 'would overwrite'],
  unchanged: ['unchanged', 'unchanged'],
  kept: ['kept', 'would keep'],
};

function report(io: CommandIo, plan: readonly PolicyFile[], outputDir: string, dryRun: boolean): void {
  const verb = (status: PolicyFileStatus) => VERBS[status][dryRun ? 1 : 0];
  const width = Math.max(...plan.map((entry) => verb(entry.status).length));
  for (const entry of plan) {
    io.out(`${verb(entry.status).padEnd(width)}  ${io.shown(entry.file)}\n`);
    if (dryRun && (entry.status === 'created' || entry.status === 'overwritten')) {
      io.out(`--- ${io.shown(entry.file)} (${entry.policyPath})\n${entry.rego}---\n`);
    }
  }
  const count = (status: PolicyFileStatus) => plan.filter((e) => e.status === status).length;
  const counts = (['created', 'overwritten', 'unchanged', 'kept'] as const)
    .filter((status) => count(status) > 0)
    .map((status) => `${status} ${count(status)}`)
    .join(', ');
  const hint =
    count('kept') > 0 ? ' Kept files differ from the generated policy: --overwrite replaces them.' : '';
  const where = io.shown(outputDir);
  io.out(
    dryRun
      ? `Dry run, nothing written: ${counted(plan.length, 'policy', 'policies')} for ${where} (${counts}).${hint}\n`
      : `${counted(plan.length, 'policy', 'policies')} in ${where} (${counts}).${hint}\n`,
  );
}

async function runGenerate(io: CommandIo, values: Record<string, unknown>): Promise<ExitCode> {
  const output = requiredOption(values, 'output', '<dir>');
  const layout = choiceOption(values, 'format', POLICY_LAYOUTS);
  const dryRun = values['dry-run'] === true;
  const { routes, config } = await scanAppRoutes(io, values);
  const policies = policiesForRoutes(routes, config.policyPathRoot);
  await verifyPolicies(policies);
  const outputDir = path.resolve(io.cwd, output);
  const plan = await planPolicyFiles(policies, {
    outputDir,
    layout,
    overwrite: values.overwrite === true,
  });
  if (!dryRun) await writePolicyFiles(plan);
  report(io, plan, outputDir, dryRun);
  return EXIT_CODES.ok;
}

/** `authz-tool generate-policies`. */
export const generatePoliciesCommand = defineCommand({
  meta: {
    name: 'generate-policies',
    description:
      'Write one Rego policy per route of a Hono app (package = policy path; default allowed := false; allowed for any signed-in caller, IDENTITY_TYPE_SUB) plus the relationship policy <root>.check (a ds.check of input.resource). Rego v0 with import rego.v1, valid for Topaz and the embedded engine. Existing files are kept unless --overwrite. Exit codes: 0 done, 2 usage error or unloadable app.',
  },
  args,
  run({ args: values, rawArgs, data }) {
    const io = commandIo(data);
    return runAction(io, () => {
      checkUsage('generate-policies', rawArgs, args, values._);
      return runGenerate(io, values);
    });
  },
});
