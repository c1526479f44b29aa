/**
 * Where generated policies go on disk, and writing them without ever clobbering a file unasked:
 * `flat` puts `<policy path>.rego` in the output directory, `nested` one directory per package
 * segment with a `policy.rego` in the innermost one.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AuthzToolError } from './errors.ts';

/** How generated files are laid out. */
export const POLICY_LAYOUTS = ['flat', 'nested'] as const;
/** One of {@link POLICY_LAYOUTS}. */
export type PolicyLayout = (typeof POLICY_LAYOUTS)[number];

/** What happened (or, with a dry run, would happen) to one file. */
export type PolicyFileStatus = 'created' | 'overwritten' | 'unchanged' | 'kept';

/** One planned or written file. */
export interface PolicyFile {
  readonly policyPath: string;
  /** The file's path: the output directory joined with its name. */
  readonly file: string;
  readonly rego: string;
  readonly status: PolicyFileStatus;
}

/**
 * The file name of a policy, relative to the output directory.
 *
 * @example
 * policyFileName('webapp.GET.api.documents.__id', 'flat'); // 'webapp.GET.api.documents.__id.rego'
 * policyFileName('webapp.GET.api.documents.__id', 'nested'); // 'webapp/GET/api/documents/__id/policy.rego'
 */
export function policyFileName(policyPath: string, layout: PolicyLayout): string {
  return layout === 'flat' ? `${policyPath}.rego` : path.join(...policyPath.split('.'), 'policy.rego');
}

async function existing(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new AuthzToolError('file_access', `cannot read ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/**
 * Decides, for each policy, what writing it into `outputDir` does: `created` (no such file),
 * `unchanged` (same content), `overwritten` (different content, `overwrite` set) or `kept`
 * (different content, left alone).
 *
 * @param policies Rego text by policy path
 */
export async function planPolicyFiles(
  policies: Readonly<Record<string, string>>,
  options: { readonly outputDir: string; readonly layout: PolicyLayout; readonly overwrite: boolean },
): Promise<PolicyFile[]> {
  return Promise.all(
    Object.entries(policies).map(async ([policyPath, rego]) => {
      const file = path.join(options.outputDir, policyFileName(policyPath, options.layout));
      const current = await existing(file);
      let status: PolicyFileStatus = 'created';
      if (current === rego) status = 'unchanged';
      else if (current !== undefined) status = options.overwrite ? 'overwritten' : 'kept';
      return { policyPath, file, rego, status };
    }),
  );
}

/**
 * Writes the `created` and `overwritten` files of a plan, each through a temporary file renamed
 * into place, so that no file is ever left half-written.
 *
 * @throws {AuthzToolError} `file_unreadable` naming the file that could not be written
 */
export async function writePolicyFiles(plan: readonly PolicyFile[]): Promise<void> {
  for (const entry of plan) {
    if (entry.status !== 'created' && entry.status !== 'overwritten') continue;
    const temporary = `${entry.file}.${process.pid}.tmp`;
    try {
      await mkdir(path.dirname(entry.file), { recursive: true });
      await writeFile(temporary, entry.rego, { flag: 'wx' });
      await rename(temporary, entry.file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw new AuthzToolError('file_access', `cannot write ${entry.file}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
}
