/**
 * `authz-tool policy-diff`: routes without a policy and route policies without a route; exit 1
 * when they differ, so that CI fails when someone adds a route and forgets its policy.
 */
import path from 'node:path';
import { defineCommand } from 'citty';
import { scanAppRoutes } from '../app-routes.ts';
import { APP_ARGS, checkUsage, choiceOption, REGO_VERSION_ARG, requiredOption } from '../command-args.ts';
import { type CommandIo, commandIo, runAction } from '../command-io.ts';
import { EXIT_CODES, type ExitCode } from '../exit-codes.ts';
import { comparePolicies, type PolicyDiff, type PolicyFinding } from '../policy-diff.ts';
import { readPackagesWithProgress } from '../policy-reading.ts';
import { counted, textTable } from '../text-table.ts';

const args = {
  ...APP_ARGS,
  policies: {
    type: 'string',
    valueHint: 'dir',
    description: '(required) the policy directory; every *.rego below it except *_test.rego is read',
  },
  strict: {
    type: 'boolean',
    description: 'also report policies that routes use (and <root>.check) but that define no "allowed" rule',
  },
  format: {
    type: 'string',
    valueHint: 'text|json',
    default: 'text',
    description:
      'text for people, json for programs ({ missing, collisions, orphaned, withoutAllowed, summary })',
  },
  ...REGO_VERSION_ARG,
} as const;

function located(finding: PolicyFinding): string {
  return `${finding.file}:${finding.line}`;
}

function summaryLine(diff: PolicyDiff, strict: boolean): string {
  const { routes, routePolicies } = diff.counts;
  const parts = [`${diff.missing.length} missing`, `${diff.orphaned.length} orphaned`];
  if (diff.collisions.length > 0) parts.push(`${diff.collisions.length} colliding`);
  if (strict) parts.push(`${diff.withoutAllowed.length} without allowed`);
  return `${counted(routes, 'route')}, ${counted(routePolicies, 'route policy', 'route policies')}: ${parts.join(', ')}`;
}

function printText(io: CommandIo, diff: PolicyDiff, strict: boolean): void {
  if (diff.missing.length > 0) {
    io.out(`Missing policies (routes without a policy): ${diff.missing.length}\n`);
    const rows = diff.missing.map((m) => [m.method, m.path, m.policyPath]);
    io.out(`${indent(textTable(['Method', 'Route', 'Policy Path'], rows))}\n`);
  }
  if (diff.collisions.length > 0) {
    io.out(`Routes sharing one policy path (one policy would decide for both): ${diff.collisions.length}\n`);
    const rows = diff.collisions.map((c) => [c.method, c.paths.join(', '), c.policyPath]);
    io.out(`${indent(textTable(['Method', 'Routes', 'Policy Path'], rows))}\n`);
  }
  if (diff.orphaned.length > 0) {
    io.out(`Orphaned policies (no route uses them): ${diff.orphaned.length}\n`);
    const rows = diff.orphaned.map((o) => [o.policyPath, located(o)]);
    io.out(`${indent(textTable(['Policy Path', 'Declared at'], rows))}\n`);
  }
  if (strict && diff.withoutAllowed.length > 0) {
    io.out(`Policies without an "allowed" rule: ${diff.withoutAllowed.length}\n`);
    const rows = diff.withoutAllowed.map((o) => [o.policyPath, located(o)]);
    io.out(`${indent(textTable(['Policy Path', 'Declared at'], rows))}\n`);
  }
  io.out(`${differs(diff, strict) ? 'Differences' : 'No differences'}: ${summaryLine(diff, strict)}.\n`);
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}

function differs(diff: PolicyDiff, strict: boolean): boolean {
  return (
    diff.missing.length > 0 ||
    diff.collisions.length > 0 ||
    diff.orphaned.length > 0 ||
    (strict && diff.withoutAllowed.length > 0)
  );
}

async function runDiff(io: CommandIo, values: Record<string, unknown>): Promise<ExitCode> {
  const policiesDir = requiredOption(values, 'policies', '<dir>');
  const format = choiceOption(values, 'format', ['text', 'json'] as const);
  const version = choiceOption(values, 'rego-version', ['v0', 'v1'] as const);
  const strict = values.strict === true;
  const { routes, config } = await scanAppRoutes(io, values);
  const packages = await readPackagesWithProgress(io, path.resolve(io.cwd, policiesDir), version);
  const diff = comparePolicies(routes, packages, config.policyPathRoot);
  if (format === 'json') {
    const { missing, collisions, orphaned, withoutAllowed, counts } = diff;
    const summary = {
      ...counts,
      missing: missing.length,
      orphaned: orphaned.length,
      ...(collisions.length > 0 ? { colliding: collisions.length } : {}),
    };
    const report = strict
      ? {
          missing,
          collisions,
          orphaned,
          withoutAllowed,
          summary: { ...summary, withoutAllowed: withoutAllowed.length },
        }
      : { missing, collisions, orphaned, summary };
    io.out(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    printText(io, diff, strict);
  }
  return differs(diff, strict) ? EXIT_CODES.finding : EXIT_CODES.ok;
}

/** `authz-tool policy-diff`. */
export const policyDiffCommand = defineCommand({
  meta: {
    name: 'policy-diff',
    description:
      'Compare the routes of a Hono app with the policy packages of a directory (read from their package declarations): missing = routes without a policy; colliding = different routes deriving one policy path (/user-profiles and /user_profiles); orphaned = route policies (<root>.<METHOD>...) no route uses (helper packages and <root>.check are not orphans). Prints a summary line. Exit codes: 0 no difference, 1 differences found, 2 usage error, unloadable app or a policy that does not parse.',
  },
  args,
  run({ args: values, rawArgs, data }) {
    const io = commandIo(data);
    return runAction(io, () => {
      checkUsage('policy-diff', rawArgs, args, values._);
      return runDiff(io, values);
    });
  },
});
