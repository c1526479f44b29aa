/**
 * `authz-tool eval`: evaluates one decision of a policy for an input document with the embedded
 * engine, and prints its value and how long the evaluation took.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { defineCommand } from 'citty';
import {
  checkUsage,
  choiceOption,
  OPA_VERSION_ARG,
  opaVersionOption,
  REGO_VERSION_ARG,
  requiredOption,
  stringOption,
} from '../command-args.ts';
import { type CommandIo, commandIo, runAction } from '../command-io.ts';
import { openEngineSession } from '../engine-session.ts';
import { AuthzToolError } from '../errors.ts';
import { EXIT_CODES, type ExitCode } from '../exit-codes.ts';
import { type Evaluation, evaluateDecision } from '../policy-evaluation.ts';

const args = {
  policies: {
    type: 'string',
    valueHint: 'dir',
    description: '(required) the policy directory (every *.rego below it except *_test.rego)',
  },
  path: {
    type: 'string',
    valueHint: 'policy path',
    description: '(required) the policy package to evaluate, e.g. webapp.GET.api.documents.__id',
  },
  decision: {
    type: 'string',
    valueHint: 'rule',
    default: 'allowed',
    description: 'the rule of the package to evaluate',
  },
  input: {
    type: 'string',
    valueHint: 'file|-',
    description:
      '(required) the input document as JSON, from a file or - for stdin: { "identity": { "type": "IDENTITY_TYPE_SUB", "value": "alice" }, "resource": { … } }; identity defaults to IDENTITY_TYPE_NONE, policy to { path, decisions }',
  },
  manifest: {
    type: 'string',
    valueHint: 'file',
    description:
      'the directory manifest (Topaz manifest v3) for ds.* built-ins (default: <policies>/manifest.yaml when present, else an empty model)',
  },
  relations: {
    type: 'string',
    valueHint: 'file',
    description:
      'directory contents, JSON or YAML: { objects: [{ type, id }], relations: [{ object_type, object_id, relation, subject_type, subject_id }] } (default: an empty directory)',
  },
  format: {
    type: 'string',
    valueHint: 'text|json',
    default: 'text',
    description:
      'text: the decision and the evaluation time; json: { path, decision, defined, value, document (the whole package), durationMs }',
  },
  fail: {
    type: 'boolean',
    description: 'exit 1 unless the decision is exactly true (a deny check for scripts)',
  },
  ...REGO_VERSION_ARG,
  ...OPA_VERSION_ARG,
} as const;

async function readInput(io: CommandIo, source: string): Promise<Record<string, unknown>> {
  let text: string;
  if (source === '-') text = await io.readStdin();
  else {
    try {
      text = await readFile(path.resolve(io.cwd, source), 'utf8');
    } catch (error) {
      throw new AuthzToolError('file_access', `--input ${source}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  const name = source === '-' ? 'stdin' : source;
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    throw new AuthzToolError(
      'input_invalid',
      `--input ${name}: not valid JSON: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new AuthzToolError('input_invalid', `--input ${name}: the input must be a JSON object`);
  }
  return input as Record<string, unknown>;
}

function printText(io: CommandIo, evaluation: Evaluation): void {
  const { policyPath, decision, defined, value, durationMs } = evaluation;
  const shown = defined ? JSON.stringify(value) : 'undefined (denies)';
  io.out(`${policyPath}.${decision} = ${shown}\nevaluated in ${durationMs.toFixed(3)} ms\n`);
}

async function runEval(io: CommandIo, values: Record<string, unknown>): Promise<ExitCode> {
  const policiesDir = requiredOption(values, 'policies', '<dir>');
  const policyPath = requiredOption(values, 'path', '<policy path>');
  const decision = requiredOption(values, 'decision', '<rule>');
  const inputSource = requiredOption(values, 'input', '<file|->');
  const format = choiceOption(values, 'format', ['text', 'json'] as const);
  const regoVersion = choiceOption(values, 'rego-version', ['v0', 'v1'] as const);
  const opaVersion = opaVersionOption(values);
  const manifest = stringOption(values, 'manifest');
  const relations = stringOption(values, 'relations');
  const input = await readInput(io, inputSource);
  const session = await openEngineSession({
    policiesDir: path.resolve(io.cwd, policiesDir),
    manifestFile: manifest && path.resolve(io.cwd, manifest),
    relationsFile: relations && path.resolve(io.cwd, relations),
    regoVersion,
    opaVersion,
    shown: io.shown,
    logger: io.logger,
  });
  try {
    const evaluation = await evaluateDecision(session.service, {
      policyPath,
      decision,
      input,
      withDocument: format === 'json',
    });
    if (format === 'json') {
      const { policyPath: evaluated, ...rest } = evaluation;
      io.out(`${JSON.stringify({ path: evaluated, ...rest, value: rest.value ?? null }, null, 2)}\n`);
    } else printText(io, evaluation);
    return values.fail === true && evaluation.value !== true ? EXIT_CODES.finding : EXIT_CODES.ok;
  } finally {
    await session.close();
  }
}

/** `authz-tool eval`. */
export const evalCommand = defineCommand({
  meta: {
    name: 'eval',
    description:
      'Evaluate one decision (data.<path>.<decision>) for an input document with the embedded engine, as Topaz would, and print its value and the evaluation time. Exit codes: 0 evaluated, 1 with --fail when the decision is not true, 2 usage error, bad input, or a policy the engine refuses.',
  },
  args,
  run({ args: values, rawArgs, data }) {
    const io = commandIo(data);
    return runAction(io, () => {
      checkUsage('eval', rawArgs, args, values._);
      return runEval(io, values);
    });
  },
});
