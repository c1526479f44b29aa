/**
 * `npm run test:unit` needs nothing but Node: a test beside the sources that starts a PostgreSQL
 * server or a child process must say so in its name (`*.postgres.test.ts`, `*.process.test.ts`),
 * which keeps it out of the unit suite (it runs in `npm test`).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** What starts a PostgreSQL server or a process, as the tests write it. */
const NEEDS = [
  {
    what: 'a PostgreSQL server',
    suffix: '.postgres.test.ts',
    pattern: /\b(startTestPostgres|startEmbeddedPostgres|startTestStack|startDevStack)\(/,
  },
  { what: 'a child process', suffix: '.process.test.ts', pattern: /from 'node:child_process'|\brunBin\(/ },
];

const unitFiles = execFileSync('git', ['ls-files', '*.test.ts', '*.test.tsx'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && !file.startsWith('test/'))
  .filter((file) => !/\.(postgres|process|interop|topaz)\.test\.tsx?$/.test(file));

describe('the unit suite', () => {
  it('has the tests beside the sources', () => {
    expect(unitFiles.length).toBeGreaterThan(150);
  });

  it('holds no test that starts a PostgreSQL server or a process', () => {
    const misnamed = unitFiles.flatMap((file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      return NEEDS.filter((need) => need.pattern.test(text)).map(
        (need) => `${file} starts ${need.what}: name it *${need.suffix}`,
      );
    });
    expect(misnamed).toEqual([]);
  });
});
