import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from './fixtures/run-cli.ts';
import { exposureWarning, readServeApiKeys } from './serve-api-keys.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((remove) => remove()));
});

async function keysFile(text: string): Promise<string> {
  const { dir, remove } = await temporaryDirectory();
  cleanups.push(remove);
  const file = path.join(dir, 'api-keys');
  await writeFile(file, text);
  return file;
}

describe('readServeApiKeys', () => {
  it('reads one key per line, skipping blank lines and comments', async () => {
    const file = await keysFile('# ci\nfirst-key\n\n  second-key  \r\n# old: retired\n');
    expect(await readServeApiKeys(file)).toEqual(['first-key', 'second-key']);
  });

  it('refuses a file without keys, a key with whitespace inside and a missing file, naming the file', async () => {
    const empty = await keysFile('# nothing yet\n\n');
    await expect(readServeApiKeys(empty)).rejects.toMatchObject({
      code: 'input_invalid',
      message: `--api-keys-file ${empty}: no API key in the file (one per line)`,
    });
    const spaced = await keysFile('good\nbad key\n');
    await expect(readServeApiKeys(spaced)).rejects.toMatchObject({
      code: 'input_invalid',
      message: `--api-keys-file ${spaced}:2: a key cannot contain whitespace`,
    });
    await expect(readServeApiKeys(`${spaced}.missing`)).rejects.toMatchObject({ code: 'file_access' });
  });
});

describe('exposureWarning', () => {
  it('warns only about a server reachable from other machines without API keys', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) {
      expect(exposureWarning(host, [])).toBeUndefined();
    }
    expect(exposureWarning('0.0.0.0', [])).toMatch(/^listening on 0\.0\.0\.0 without API keys: /);
    expect(exposureWarning('192.168.1.10', [])).toContain('--api-keys-file');
    expect(exposureWarning('0.0.0.0', ['k'])).toBeUndefined();
  });
});
