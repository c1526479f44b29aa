/**
 * `npm run test:topaz` without a `topazd`: it says plainly that the Topaz suite did not run and
 * how to give it one, runs nothing, and does not report success.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('npm run test:topaz without a topazd', () => {
  it('says that the suite did not run and exits non-zero', () => {
    const { TOPAZD: _, ...env } = process.env;
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'test/topaz/run.ts'], {
      encoding: 'utf8',
      env: { ...env, PATH: '/nonexistent' },
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^npm run test:topaz did not run: no topazd found: set TOPAZD/);
    expect(result.stdout).not.toMatch(/Topaz suite on/);
  });
});
