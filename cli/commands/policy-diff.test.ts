import { describe, expect, it } from 'vitest';
import { runCli } from '../fixtures/run-cli.ts';
import { policyDiffCommand } from './policy-diff.ts';

const APP = ['--app', 'cli/fixtures/awkward-app.ts'];
const POLICIES = 'cli/fixtures/diff-policies';

describe('authz-tool policy-diff (runCommand)', () => {
  it('lists missing and orphaned policies with a summary, and exits 1', async () => {
    const run = await runCli(policyDiffCommand, [...APP, '--policies', POLICIES]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      [
        'Missing policies (routes without a policy): 1',
        '  Method  Route                      Policy Path',
        '  GET     /api/files/:name{.+\\.png}  fixture.GET.api.files.__name',
        'Orphaned policies (no route uses them): 1',
        '  Policy Path                Declared at',
        `  fixture.DELETE.api.legacy  ${POLICIES}/routes/legacy.rego:2`,
        'Differences: 15 routes, 14 route policies: 1 missing, 1 orphaned.',
        '',
      ].join('\n'),
    );
    expect(run.messages).toContain(`start: Parsing 16 policy files below ${POLICIES}`);
  });

  it('adds policies without an allowed rule with --strict', async () => {
    const run = await runCli(policyDiffCommand, [...APP, '--policies', POLICIES, '--strict']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Policies without an "allowed" rule: 1\n');
    expect(run.stdout).toContain(`  fixture.GET.api.items  ${POLICIES}/routes/items.rego:2\n`);
    expect(run.stdout).toContain('1 missing, 1 orphaned, 1 without allowed.');
  });

  it('prints JSON for programs', async () => {
    const run = await runCli(policyDiffCommand, [...APP, '--policies', POLICIES, '--format', 'json']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({
      missing: [
        { method: 'GET', path: '/api/files/:name{.+\\.png}', policyPath: 'fixture.GET.api.files.__name' },
      ],
      collisions: [],
      orphaned: [
        { policyPath: 'fixture.DELETE.api.legacy', file: `${POLICIES}/routes/legacy.rego`, line: 2 },
      ],
      summary: { routes: 15, routePolicies: 14, missing: 1, orphaned: 1 },
    });
  });

  it('exits 0 when every route has its policy and no policy is orphaned', async () => {
    const run = await runCli(policyDiffCommand, [
      '--app',
      'cli/fixtures/plain-app.ts',
      '--policies',
      'cli/fixtures/plain-policies',
    ]);
    expect(run.stdout).toBe('No differences: 2 routes, 2 route policies: 0 missing, 0 orphaned.\n');
    expect(run.code).toBe(0);
  });

  it('reports routes that derive one policy path (hyphen and underscore), and exits 1', async () => {
    const run = await runCli(policyDiffCommand, [
      '--app',
      'cli/fixtures/hyphen-underscore-app.ts',
      '--policies',
      'cli/fixtures/plain-policies',
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Routes sharing one policy path (one policy would decide for both): 1\n');
    expect(run.stdout).toContain(
      'GET     /api/user-profiles, /api/user_profiles  webapp.GET.api.user_profiles',
    );
    expect(run.stdout).toContain(
      'Differences: 4 routes, 2 route policies: 2 missing, 0 orphaned, 1 colliding.',
    );
  });

  it('reports a policy that does not parse as file:line:column in one line, exit 2', async () => {
    const run = await runCli(policyDiffCommand, [...APP, '--policies', 'cli/fixtures/unparsable']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^error: cli\/fixtures\/unparsable\/broken\.rego:7:1: rego_parse_error: [^\n]+\n$/,
    );
  });

  it('exits 2 for a missing policy directory or option', async () => {
    const missingDir = await runCli(policyDiffCommand, [...APP, '--policies', 'cli/fixtures/nowhere']);
    expect(missingDir).toMatchObject({
      code: 2,
      stderr: 'error: cli/fixtures/nowhere: no such policy directory\n',
    });
    const missingOption = await runCli(policyDiffCommand, APP);
    expect(missingOption).toMatchObject({ code: 2, stderr: 'error: missing --policies <dir>\n' });
  });
});
