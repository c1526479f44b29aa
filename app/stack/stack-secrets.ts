/**
 * Secrets the development stack generates once per data directory and keeps in
 * `<dataDir>/secrets.json` (mode 0600): the session secret and the embedded PostgreSQL password.
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { StackError } from './stack-error.ts';

const secretsSchema = z.object({
  sessionSecret: z.string().min(43),
  postgresPassword: z.string().min(16),
});

/** The development stack's generated secrets. */
export type StackSecrets = z.infer<typeof secretsSchema>;

/**
 * Reads the data directory's secrets, creating them on first use.
 *
 * @param dataDir an existing folder
 * @throws {StackError} `data_dir_unusable` when the file exists but is unreadable or malformed
 */
export async function loadStackSecrets(dataDir: string): Promise<StackSecrets> {
  const file = path.join(dataDir, 'secrets.json');
  let text: string | undefined;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new StackError('data_dir_unusable', `cannot read ${file}`, { cause: error });
    }
  }
  if (text !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = secretsSchema.safeParse(json);
    if (!parsed.success) {
      throw new StackError(
        'data_dir_unusable',
        `${file} is malformed; delete the data directory to start afresh`,
      );
    }
    return parsed.data;
  }
  const secrets: StackSecrets = {
    sessionSecret: randomBytes(48).toString('base64url'),
    postgresPassword: randomBytes(24).toString('base64url'),
  };
  await writeFile(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  return secrets;
}
