/**
 * Finding and reading the policy files of a directory: every `*.rego` file below it, in a stable
 * order, with `*_test.rego` files marked as tests. Dot-files and dot-directories (editor lock and
 * swap files, `.git`) are skipped; symbolic links are followed to files, not to directories.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { EngineError } from './engine-error.ts';

/** One policy file. */
export interface PolicySource {
  /** Path relative to the policy directory, with `/` separators (Topaz's module id). */
  readonly id: string;
  /** The path used in messages: the policy directory joined with `id`. */
  readonly file: string;
  readonly source: string;
  /** Whether the file is a test file (`*_test.rego`), loaded only for policy tests. */
  readonly test: boolean;
}

/** Whether a file name is a policy file name. */
function isPolicyFileName(name: string): boolean {
  return name.endsWith('.rego') && !path.basename(name).startsWith('.');
}

/** Whether a policy file name is a test file name. */
function isTestFileName(name: string): boolean {
  return name.endsWith('_test.rego');
}

async function isFileAt(file: string): Promise<boolean> {
  return stat(file).then(
    (target) => target.isFile(),
    () => false,
  );
}

async function collect(dir: string, relative: string, found: string[]): Promise<void> {
  const entries = await readdir(path.join(dir, relative), { withFileTypes: true });
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const id = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (entry.isDirectory()) {
      await collect(dir, id, found);
    } else if (isPolicyFileName(entry.name)) {
      // A symbolic link counts when it leads to a file (links to directories are not followed: no cycles).
      const isFile = entry.isFile() || (entry.isSymbolicLink() && (await isFileAt(path.join(dir, id))));
      if (isFile) found.push(id);
    }
  }
}

/**
 * Reads every policy file below `dir`, sorted by id.
 *
 * @param dir the policy directory
 * @throws {EngineError} `policies_unreadable` when the directory or a file cannot be read
 * @example
 * const sources = await readPolicySources('policies');
 * sources.filter((s) => !s.test).map((s) => s.id); // ['webapp/common.rego', …]
 */
export async function readPolicySources(dir: string): Promise<PolicySource[]> {
  const ids: string[] = [];
  try {
    await collect(dir, '', ids);
  } catch (cause) {
    throw new EngineError(
      'policies_unreadable',
      `cannot read the policy directory ${dir}: ${message(cause)}`,
      {
        cause,
      },
    );
  }
  ids.sort();
  // Read synchronously: a policy file is small, and a hundred reads through the thread pool cost
  // three times the CPU of reading them in one go (an application's start waits for them).
  return ids.map((id) => {
    const file = path.join(dir, id);
    try {
      return { id, file, source: readFileSync(file, 'utf8'), test: isTestFileName(id) };
    } catch (cause) {
      throw new EngineError('policies_unreadable', `cannot read policy file ${file}: ${message(cause)}`, {
        cause,
      });
    }
  });
}

/**
 * The policies a decision service loads: every policy file below `dir` except test files.
 *
 * @throws {EngineError} `policies_unreadable`, or `policies_missing` when there is none
 */
export async function readDecisionSources(dir: string): Promise<PolicySource[]> {
  const sources = (await readPolicySources(dir)).filter((s) => !s.test);
  if (sources.length === 0) {
    throw new EngineError('policies_missing', `no policy file (*.rego, not *_test.rego) below ${dir}`);
  }
  return sources;
}

/** A digest of the files' names and contents: equal digests, equal policies. */
export function fingerprintOf(sources: readonly PolicySource[]): string {
  const hash = createHash('sha256');
  for (const s of sources) hash.update(`${s.id}\0${s.source}\0`);
  return hash.digest('hex');
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
