/**
 * `authz-tool check-policies`: reads every policy file below a directory and checks the arguments
 * of its built-in calls against the built-ins' declarations (types as OPA declares them), before
 * any evaluation: `count(5)` or `concat(",", "a")` is reported with its file, line and column.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { builtinArgumentProblems, parseModule, RegoError, type RegoVersion } from '@gatehousejs/rego';
import { defineCommand } from 'citty';
import { checkUsage, choiceOption, REGO_VERSION_ARG, stringOption } from '../command-args.ts';
import { type CommandIo, commandIo, runAction } from '../command-io.ts';
import { AuthzToolError } from '../errors.ts';
import { EXIT_CODES, type ExitCode } from '../exit-codes.ts';
import { listPolicyFiles } from '../policy-packages.ts';
import { counted } from '../text-table.ts';

const args = {
  dir: {
    type: 'positional',
    required: false,
    valueHint: 'dir',
    description: '(required) the policy directory, e.g. policies',
  },
  ...REGO_VERSION_ARG,
} as const;

/** The problems of one policy file, as `file:line:column: message` lines. */
async function fileProblems(io: CommandIo, file: string, version: RegoVersion): Promise<string[]> {
  const shown = io.shown(file);
  try {
    const module = parseModule(await readFile(file, 'utf8'), shown, { version });
    return builtinArgumentProblems(module).map(
      (p) => `${shown}:${p.location.line}:${p.location.column}: rego_type_error: ${p.message}`,
    );
  } catch (error) {
    if (error instanceof RegoError) return [error.message];
    throw error;
  }
}

async function runCheck(io: CommandIo, values: Record<string, unknown>): Promise<ExitCode> {
  const dir = stringOption(values, 'dir');
  if (dir === undefined) {
    throw new AuthzToolError('usage', 'missing the policy directory: authz-tool check-policies <dir>');
  }
  const version = choiceOption(values, 'rego-version', ['v0', 'v1'] as const);
  const files = await listPolicyFiles(path.resolve(io.cwd, dir), dir);
  const problems = (await Promise.all(files.map((f) => fileProblems(io, f, version)))).flat();
  for (const problem of problems) io.err(`${problem}\n`);
  const summary = `${dir}: ${counted(files.length, 'policy file')}, ${problems.length === 0 ? 'no problem' : counted(problems.length, 'problem')}\n`;
  io.out(summary);
  return problems.length === 0 ? EXIT_CODES.ok : EXIT_CODES.finding;
}

/** `authz-tool check-policies`. */
export const checkPoliciesCommand = defineCommand({
  meta: {
    name: 'check-policies',
    description:
      "Check the policy files below a directory before evaluation: each must parse, and each built-in call's constant arguments must be of the types the built-in declares (as OPA's type checker requires); each problem is printed as file:line:column: message. Exit codes: 0 no problem, 1 problems, 2 usage error or unreadable directory.",
  },
  args,
  run({ args: values, rawArgs, data }) {
    const io = commandIo(data);
    return runAction(io, () => {
      checkUsage('check-policies', rawArgs, args, values._);
      return runCheck(io, values);
    });
  },
});
