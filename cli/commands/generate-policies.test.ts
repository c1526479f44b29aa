import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, temporaryDirectory } from '../fixtures/run-cli.ts';
import { generatePolicies } from '../generate-policies.ts';
import { generatePoliciesCommand } from './generate-policies.ts';

const APP = 'cli/fixtures/awkward-app.ts';
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function outputDir(): Promise<string> {
  const { dir, remove } = await temporaryDirectory();
  cleanup = remove;
  return dir;
}

async function filesBelow(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe('authz-tool generate-policies (runCommand)', () => {
  it('writes one flat file per policy with the generated Rego, and lists them', async () => {
    const out = await outputDir();
    const run = await runCli(generatePoliciesCommand, ['--app', APP, '--output', out]);
    expect(run.code).toBe(0);
    const expected = generatePolicies((await import('../fixtures/awkward-app.ts')).app, {
      policyPathRoot: 'fixture',
      excludePaths: ['/health', '/auth/.*'],
    });
    expect(await filesBelow(out)).toEqual(
      Object.keys(expected)
        .map((p) => `${p}.rego`)
        .sort(),
    );
    for (const [policyPath, rego] of Object.entries(expected)) {
      expect(await readFile(path.join(out, `${policyPath}.rego`), 'utf8')).toBe(rego);
      expect(run.stdout).toContain(`created  ${path.join(out, `${policyPath}.rego`)}\n`);
    }
    expect(run.stdout).toContain(`15 policies in ${out} (created 15).`);
    expect(run.messages).toContain(`start: Scanning the routes of ${APP}`);
  });

  it('lays out nested directories per package segment', async () => {
    const out = await outputDir();
    const run = await runCli(generatePoliciesCommand, ['--app', APP, '--output', out, '--format', 'nested']);
    expect(run.code).toBe(0);
    const files = await filesBelow(out);
    expect(files).toContain(path.join('fixture', 'GET', 'api', 'webhooks', 'in', 'policy.rego'));
    expect(files).toContain(path.join('fixture', 'check', 'policy.rego'));
    expect(files).toHaveLength(15);
  });

  it('keeps existing files unless --overwrite, and says so', async () => {
    const out = await outputDir();
    const edited = path.join(out, 'fixture.GET.rego');
    await writeFile(edited, 'package fixture.GET\n# edited by hand\n');
    const first = await runCli(generatePoliciesCommand, ['--app', APP, '--output', out]);
    expect(first.code).toBe(0);
    expect(await readFile(edited, 'utf8')).toBe('package fixture.GET\n# edited by hand\n');
    expect(first.stdout).toContain(`kept     ${edited}\n`);
    expect(first.stdout).toContain('(created 14, kept 1). Kept files differ from the generated policy');

    const again = await runCli(generatePoliciesCommand, ['--app', APP, '--output', out]);
    expect(again.stdout).toContain('(unchanged 14, kept 1)');

    const forced = await runCli(generatePoliciesCommand, ['--app', APP, '--output', out, '--overwrite']);
    expect(forced.stdout).toContain(`overwritten  ${edited}\n`);
    expect(await readFile(edited, 'utf8')).toContain('default allowed := false');
  });

  it('prints what a dry run would write and writes nothing', async () => {
    const out = await outputDir();
    await writeFile(path.join(out, 'fixture.check.rego'), 'package fixture.check\n');
    const run = await runCli(generatePoliciesCommand, ['--app', APP, '--output', out, '--dry-run']);
    expect(run.code).toBe(0);
    expect(await filesBelow(out)).toEqual(['fixture.check.rego']);
    expect(run.stdout).toContain(`would create  ${path.join(out, 'fixture.GET.rego')}\n`);
    expect(run.stdout).toContain(`would keep    ${path.join(out, 'fixture.check.rego')}\n`);
    expect(run.stdout).toContain('package fixture.GET.api.webhooks["in"]');
    expect(run.stdout).toContain('Dry run, nothing written: 15 policies');
  });

  it('refuses bad usage with one line and exit 2, writing nothing', async () => {
    const out = await outputDir();
    const cases: [string[], string][] = [
      [['--output', out], 'error: missing --app <module:export>\n'],
      [['--app', APP], 'error: missing --output <dir>\n'],
      [
        ['--app', APP, '--output', out, '--format', 'tree'],
        'error: --format must be one of flat, nested, got "tree"\n',
      ],
      [
        ['--app', APP, '--output', out, '--overwite'],
        'error: unknown option --overwite (see authz-tool generate-policies --help)\n',
      ],
      [['--app', APP, '--output'], 'error: --output needs a value\n'],
      [
        ['--app', APP, '--output', out, 'extra'],
        'error: unexpected argument "extra" (see authz-tool generate-policies --help)\n',
      ],
    ];
    for (const [args, stderr] of cases) {
      const run = await runCli(generatePoliciesCommand, args);
      expect({ args, code: run.code, stderr: run.stderr }).toEqual({ args, code: 2, stderr });
    }
    expect(await filesBelow(out)).toEqual([]);
  });

  it('exits 2 with one line for a wrong --app reference', async () => {
    const out = await outputDir();
    for (const [app, expected] of [
      ['cli/fixtures/missing.ts:app', 'no such module'],
      [`${APP}:nope`, 'the module has no export "nope"'],
      [`${APP}:notAnApp`, 'export "notAnApp" is not a Hono app'],
    ]) {
      const run = await runCli(generatePoliciesCommand, ['--app', app as string, '--output', out]);
      expect(run.code).toBe(2);
      expect(run.stderr.split('\n').filter(Boolean)).toHaveLength(1);
      expect(run.stderr).toContain(expected);
    }
  });

  it('refuses, before writing anything, a policy set the engine would not compile', async () => {
    const out = await outputDir();
    const run = await runCli(generatePoliciesCommand, [
      '--app',
      'cli/fixtures/colliding-app.ts',
      '--output',
      out,
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^error: webapp\.GET\.api\.items\.rego:\d+:\d+: rego_type_error: rule data\.webapp\.GET\.api\.items\.allowed conflicts with /,
    );
    expect(await filesBelow(out)).toEqual([]);
  });
});
