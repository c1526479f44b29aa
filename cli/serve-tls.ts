/**
 * TLS for `serve`: the certificate and key given with `--cert`/`--key` (and the CA that issued
 * them, `--ca`), and where clients find the certificate to trust — the given CA or certificate
 * file, `--ca-out`, or a file in a fresh temporary directory removed when the server stops.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AuthzToolError } from './errors.ts';

/** PEM material for the server, or `undefined` to let it generate a self-signed certificate. */
export interface ServeTls {
  readonly cert: string;
  readonly key: string;
  readonly ca?: string;
}

async function readPem(file: string, option: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new AuthzToolError('file_access', `${option} ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/**
 * Reads `--cert`, `--key` and `--ca` (absolute paths).
 *
 * @throws {AuthzToolError} `usage` when only one of `--cert` and `--key` is given
 */
export async function readServeTls(files: {
  readonly cert?: string | undefined;
  readonly key?: string | undefined;
  readonly ca?: string | undefined;
}): Promise<ServeTls | undefined> {
  if (!files.cert && !files.key) {
    if (files.ca) throw new AuthzToolError('usage', '--ca needs --cert and --key');
    return undefined;
  }
  if (!files.cert || !files.key) throw new AuthzToolError('usage', '--cert and --key go together');
  const [cert, key, ca] = await Promise.all([
    readPem(files.cert, '--cert'),
    readPem(files.key, '--key'),
    files.ca ? readPem(files.ca, '--ca') : undefined,
  ]);
  return { cert, key, ...(ca ? { ca } : {}) };
}

/** Where the certificate clients must trust was put, and how to clean it up. */
export interface CaLocation {
  readonly file: string;
  remove(): Promise<void>;
}

/**
 * Puts the server's CA certificate where clients can read it.
 *
 * @param given `caOut` (write there, kept at stop), else `caFile` (an existing file: the `--ca` or
 *   `--cert` file), else a temporary file removed at stop
 */
export async function placeCaCertificate(
  caCert: string,
  given: { readonly caOut?: string | undefined; readonly caFile?: string | undefined },
): Promise<CaLocation> {
  if (given.caOut) {
    await mkdir(path.dirname(given.caOut), { recursive: true });
    await writeFile(given.caOut, caCert);
    return { file: given.caOut, remove: async () => {} };
  }
  if (given.caFile) return { file: given.caFile, remove: async () => {} };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'authz-tool-serve-'));
  const file = path.join(dir, 'ca.pem');
  await writeFile(file, caCert);
  return { file, remove: () => rm(dir, { recursive: true, force: true }) };
}
