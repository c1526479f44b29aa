/**
 * `authz-tool check-manifest`: validates a Topaz directory manifest (v3) as the engine loads it,
 * listing every problem with its line and column.
 */
import path from 'node:path';
import { type DirectoryModel, ManifestError } from '@gatehousejs/engine';
import { loadManifestFile } from '@gatehousejs/engine/node';
import { defineCommand } from 'citty';
import { checkUsage, stringOption } from '../command-args.ts';
import { type CommandIo, commandIo, runAction } from '../command-io.ts';
import { AuthzToolError } from '../errors.ts';
import { EXIT_CODES, type ExitCode } from '../exit-codes.ts';

const args = {
  file: {
    type: 'positional',
    required: false,
    valueHint: 'file',
    description: '(required) the manifest, e.g. policies/manifest.yaml',
  },
} as const;

function describe(model: DirectoryModel): string {
  let relations = 0;
  let permissions = 0;
  for (const type of model.types.values()) {
    relations += type.relations.size;
    permissions += type.permissions.size;
  }
  return `${model.types.size} object types, ${relations} relations, ${permissions} permissions`;
}

async function runCheck(io: CommandIo, values: Record<string, unknown>): Promise<ExitCode> {
  const file = stringOption(values, 'file');
  if (file === undefined) {
    throw new AuthzToolError('usage', 'missing the manifest file: authz-tool check-manifest <file>');
  }
  try {
    const model = await loadManifestFile(path.resolve(io.cwd, file));
    io.out(`${file}: valid (${describe(model)})\n`);
    return EXIT_CODES.ok;
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error;
    for (const issue of error.issues) {
      io.err(`${io.shown(issue.file)}:${issue.line}:${issue.column}: ${issue.message}\n`);
    }
    const count = error.issues.length;
    io.out(`${file}: invalid (${count} ${count === 1 ? 'problem' : 'problems'})\n`);
    return EXIT_CODES.finding;
  }
}

/** `authz-tool check-manifest`. */
export const checkManifestCommand = defineCommand({
  meta: {
    name: 'check-manifest',
    description:
      'Validate a Topaz directory manifest (model v3: types, relations, permissions) as the embedded engine loads it; each problem is printed as file:line:column: message. Exit codes: 0 valid, 1 invalid, 2 usage error or unreadable file.',
  },
  args,
  run({ args: values, rawArgs, data }) {
    const io = commandIo(data);
    return runAction(io, () => {
      checkUsage('check-manifest', rawArgs, args, values._);
      return runCheck(io, values);
    });
  },
});
