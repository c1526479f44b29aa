/**
 * `authz-tool test`: runs the `test_` rules of a policy directory like `opa test`, with a
 * pass/fail summary and an exit code for CI.
 */
import path from 'node:path';
import { type PolicyTestReport, runPolicyTests } from '@gatehousejs/engine/node';
import { defineCommand } from 'citty';
import {
  checkUsage,
  choiceOption,
  OPA_VERSION_ARG,
  opaVersionOption,
  REGO_VERSION_ARG,
  stringOption,
} from '../command-args.ts';
import { type CommandIo, commandIo, runAction } from '../command-io.ts';
import { AuthzToolError } from '../errors.ts';
import { EXIT_CODES, type ExitCode } from '../exit-codes.ts';

const args = {
  dir: {
    type: 'positional',
    required: false,
    valueHint: 'dir',
    description: '(required) the policy directory: every *.rego below it, *_test.rego included',
  },
  filter: {
    type: 'string',
    valueHint: 'regex',
    description: 'run only the tests whose full name (data.<package>.<rule>) matches this regular expression',
  },
  manifest: {
    type: 'string',
    valueHint: 'file',
    description:
      'the directory manifest for ds.* built-ins (default: <dir>/manifest.yaml when present, else an empty model)',
  },
  verbose: { type: 'boolean', description: 'list passing tests too, with their print() output' },
  format: {
    type: 'string',
    valueHint: 'text|json',
    default: 'text',
    description: 'text like opa test, or json ({ results, passed, failed, errored, ok })',
  },
  ...REGO_VERSION_ARG,
  ...OPA_VERSION_ARG,
} as const;

const RULE = '-'.repeat(80);

function printText(io: CommandIo, report: PolicyTestReport, verbose: boolean): void {
  for (const result of report.results) {
    if (result.outcome === 'pass' && !verbose) continue;
    const where = `${io.shown(result.file)}:${result.line}`;
    io.out(`${result.name}: ${result.outcome.toUpperCase()} (${result.durationMs.toFixed(3)} ms) ${where}\n`);
    if (result.error) io.out(`  ${result.error}\n`);
    for (const line of result.output) io.out(`  print: ${line}\n`);
  }
  const total = report.results.length;
  io.out(`${RULE}\n`);
  if (total === 0) {
    io.out('no tests found\n');
    return;
  }
  if (report.passed > 0) io.out(`PASS: ${report.passed}/${total}\n`);
  if (report.failed > 0) io.out(`FAIL: ${report.failed}/${total}\n`);
  if (report.errored > 0) io.out(`ERROR: ${report.errored}/${total}\n`);
}

function filterOf(values: Record<string, unknown>): RegExp | undefined {
  const filter = stringOption(values, 'filter');
  if (filter === undefined) return undefined;
  try {
    return new RegExp(filter);
  } catch (error) {
    throw new AuthzToolError('usage', `--filter: invalid regular expression: ${(error as Error).message}`);
  }
}

async function runTests(io: CommandIo, values: Record<string, unknown>): Promise<ExitCode> {
  const dir = stringOption(values, 'dir');
  if (dir === undefined)
    throw new AuthzToolError('usage', 'missing the policy directory: authz-tool test <dir>');
  const format = choiceOption(values, 'format', ['text', 'json'] as const);
  const manifest = stringOption(values, 'manifest');
  const filter = filterOf(values);
  io.logger.start(`Running the policy tests below ${dir}`);
  const report = await runPolicyTests(path.resolve(io.cwd, dir), {
    filter,
    regoVersion: choiceOption(values, 'rego-version', ['v0', 'v1'] as const),
    opaVersion: opaVersionOption(values),
    ...(manifest ? { manifestFile: path.resolve(io.cwd, manifest) } : {}),
  });
  if (format === 'json') io.out(`${JSON.stringify(report, null, 2)}\n`);
  else printText(io, report, values.verbose === true);
  return report.ok ? EXIT_CODES.ok : EXIT_CODES.finding;
}

/** `authz-tool test`. */
export const testCommand = defineCommand({
  meta: {
    name: 'test',
    description:
      'Run the test_ rules of a policy directory like opa test (a test passes when its value is exactly true), with the directory built-ins over the manifest. Exit codes: 0 every test passed, 1 a test failed or errored, or none matched, 2 usage error or a policy that does not compile.',
  },
  args,
  run({ args: values, rawArgs, data }) {
    const io = commandIo(data);
    return runAction(io, () => {
      checkUsage('test', rawArgs, args, values._);
      return runTests(io, values);
    });
  },
});
