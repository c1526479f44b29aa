import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../fixtures/run-cli.ts';
import { policyMapCommand } from './policy-map.ts';

const APP = ['--app', 'cli/fixtures/awkward-app.ts'];
const POLICIES = ['--policies', 'cli/fixtures/diff-policies'];

describe('authz-tool policy-map (runCommand)', () => {
  it('prints a Markdown table with Route, Method, Policy Path and Status by default', async () => {
    const run = await runCli(policyMapCommand, [...APP, ...POLICIES]);
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 3)).toEqual([
      '| Route | Method | Policy Path | Status |',
      '|---|---|---|---|',
      '| / | GET | fixture.GET | OK |',
    ]);
    expect(lines).toContain(
      '| /api/files/:name{.+\\\\.png} | GET | fixture.GET.api.files.__name | Missing |',
    );
    expect(lines).toContain('| /api/webhooks/in | OPTIONS | fixture.OPTIONS.api.webhooks.in | OK |');
    expect(lines).toHaveLength(2 + 15);
  });

  it('prints aligned text and JSON', async () => {
    const text = await runCli(policyMapCommand, [...APP, ...POLICIES, '--format', 'text']);
    expect(text.stdout.split('\n')[0]).toBe(
      'Route                                                Method   Policy Path                                                        Status',
    );
    const json = await runCli(policyMapCommand, [...APP, ...POLICIES, '--format', 'json']);
    const rows = JSON.parse(json.stdout) as { route: string; status: string }[];
    expect(rows).toHaveLength(15);
    expect(rows[0]).toEqual({ route: '/', method: 'GET', policyPath: 'fixture.GET', status: 'OK' });
    expect(rows.filter((r) => r.status === 'Missing').map((r) => r.route)).toEqual([
      '/api/files/:name{.+\\.png}',
    ]);
  });

  it('marks every route Missing when there is no ./policies and --policies is not given', async () => {
    // From cli/, paths are relative to cli/ and there is no ./policies.
    const fromCli = await runCli(policyMapCommand, ['--app', 'fixtures/awkward-app.ts', '--format', 'json'], {
      cwd: path.join(REPO_ROOT, 'cli'),
    });
    expect(fromCli.code).toBe(0);
    expect((JSON.parse(fromCli.stdout) as { status: string }[]).every((r) => r.status === 'Missing')).toBe(
      true,
    );
    expect(fromCli.messages).toContain(
      'warn: no ./policies directory: every route is Missing (pass --policies <dir>)',
    );
  });

  it('rejects an unknown format with exit 2', async () => {
    const run = await runCli(policyMapCommand, [...APP, '--format', 'html']);
    expect(run).toMatchObject({
      code: 2,
      stderr: 'error: --format must be one of markdown, text, json, got "html"\n',
    });
  });
});
