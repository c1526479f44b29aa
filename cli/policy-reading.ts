/**
 * Reading a policy directory's packages with progress on the command's logger, shared by
 * `policy-diff` and `policy-map`.
 */
import type { RegoVersion } from '@gatehousejs/engine';
import type { CommandIo } from './command-io.ts';
import { listPolicyFiles, type PolicyPackage, parsePolicyPackages } from './policy-packages.ts';
import { counted } from './text-table.ts';

/**
 * Lists and parses the policy files below `dir`, reporting how many and what was found.
 *
 * @throws {RegoError} naming file, line and column when a file does not parse
 */
export async function readPackagesWithProgress(
  io: CommandIo,
  dir: string,
  version: RegoVersion,
): Promise<PolicyPackage[]> {
  const shown = io.shown(dir);
  const files = await listPolicyFiles(dir, shown);
  io.logger.start(`Parsing ${counted(files.length, 'policy file')} below ${shown}`);
  const displayName = io.shown;
  const packages = await parsePolicyPackages(files, { version, displayName });
  io.logger.info(counted(packages.length, 'policy package'));
  return packages;
}
