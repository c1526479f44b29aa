/**
 * API keys for `serve` (`--api-keys-file`): one key per line, blank lines and `#` comments
 * ignored. Keys come from a file, never from the command line, where every local user could read
 * them in the process list. Without keys, a server reachable from other machines is warned about.
 */
import { readFile } from 'node:fs/promises';
import { AuthzToolError } from './errors.ts';

/**
 * Reads the keys of `file` (an absolute path).
 *
 * @throws {AuthzToolError} `file_access` when the file cannot be read; `input_invalid` when it
 *   holds no key or a key with whitespace inside
 * @example
 * const apiKeys = await readServeApiKeys('/etc/gatehouse/api-keys');
 */
export async function readServeApiKeys(file: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new AuthzToolError('file_access', `--api-keys-file ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const keys: string[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    const key = line.trim();
    if (key === '' || key.startsWith('#')) continue;
    if (/\s/.test(key)) {
      throw new AuthzToolError(
        'input_invalid',
        `--api-keys-file ${file}:${index + 1}: a key cannot contain whitespace`,
      );
    }
    keys.push(key);
  }
  if (keys.length === 0) {
    throw new AuthzToolError(
      'input_invalid',
      `--api-keys-file ${file}: no API key in the file (one per line)`,
    );
  }
  return keys;
}

/** Addresses only this machine can reach. */
const loopbackHosts = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

/**
 * The warning to print when the server listens beyond this machine without API keys, else
 * `undefined`.
 *
 * @example
 * exposureWarning('0.0.0.0', []); // 'listening on 0.0.0.0 without API keys: …'
 */
export function exposureWarning(host: string, apiKeys: readonly string[]): string | undefined {
  if (apiKeys.length > 0 || loopbackHosts.test(host)) return undefined;
  return `listening on ${host} without API keys: anyone who can reach it can ask for decisions and write the directory (see --api-keys-file)`;
}
