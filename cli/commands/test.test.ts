import { describe, expect, it } from 'vitest';
import { runCli } from '../fixtures/run-cli.ts';
import { testCommand } from './test.ts';

describe('authz-tool test (runCommand)', () => {
  it('runs the test_ rules with the directory built-ins and exits 0 when all pass', async () => {
    const run = await runCli(testCommand, ['cli/fixtures/rebac']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${'-'.repeat(80)}\nPASS: 2/2\n`);
    const verbose = await runCli(testCommand, ['cli/fixtures/rebac', '--verbose']);
    expect(verbose.stdout).toMatch(
      /^data\.rebac\.GET\.api\.documents\.__id_test\.test_anonymous_is_denied: PASS \(\d+\.\d{3} ms\) cli\/fixtures\/rebac\/documents_test\.rego:\d+\n/,
    );
  });

  it('lists failures with their location and print output, and exits 1', async () => {
    const run = await runCli(testCommand, ['cli/fixtures/failing-tests']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^data\.failing_test\.test_anonymous_allowed: FAIL \(\d+\.\d{3} ms\) cli\/fixtures\/failing-tests\/policy_test\.rego:8\n/m,
    );
    expect(run.stdout).toContain('  print: checking 2\n');
    expect(run.stdout).toContain('PASS: 1/3\nFAIL: 2/3\n');
    expect(run.stdout).not.toContain('test_signed_in_allowed');
  });

  it('runs only the tests matching --filter', async () => {
    const run = await runCli(testCommand, ['cli/fixtures/failing-tests', '--filter', 'signed_in']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('PASS: 1/1\n');
    const none = await runCli(testCommand, ['cli/fixtures/failing-tests', '--filter', 'no_such_test']);
    expect(none.code).toBe(1);
    expect(none.stdout).toContain('no tests found\n');
  });

  it('prints the report as JSON', async () => {
    const run = await runCli(testCommand, ['cli/fixtures/failing-tests', '--format', 'json']);
    const report = JSON.parse(run.stdout) as {
      passed: number;
      failed: number;
      ok: boolean;
      results: unknown[];
    };
    expect(report).toMatchObject({ passed: 1, failed: 2, errored: 0, ok: false });
    expect(report.results).toHaveLength(3);
  });

  it('exits 2 for a policy that does not parse, a bad filter or a missing directory', async () => {
    const broken = await runCli(testCommand, ['cli/fixtures/unparsable']);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(
      /^error: \S*cli\/fixtures\/unparsable\/broken\.rego:7:1: rego_parse_error: /,
    );
    const filter = await runCli(testCommand, ['cli/fixtures/rebac', '--filter', '(']);
    expect(filter).toMatchObject({ code: 2 });
    expect(filter.stderr).toMatch(/^error: --filter: invalid regular expression: /);
    const missing = await runCli(testCommand, []);
    expect(missing).toMatchObject({
      code: 2,
      stderr: 'error: missing the policy directory: authz-tool test <dir>\n',
    });
  });
});
