import { describe, expect, it } from 'vitest';
import { runCli } from '../fixtures/run-cli.ts';
import { checkPoliciesCommand } from './check-policies.ts';

describe('authz-tool check-policies (runCommand)', () => {
  it('reports each built-in argument of the wrong type with file, line and column, and exits 1', async () => {
    const run = await runCli(checkPoliciesCommand, ['cli/fixtures/typed-policies']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      [
        'cli/fixtures/typed-policies/reports.rego:7:22: rego_type_error: concat: argument 2 (collection) must be any<array[string], set[string]>, got string',
        'cli/fixtures/typed-policies/reports.rego:9:33: rego_type_error: startswith: argument 2 (base) must be string, got number',
        '',
      ].join('\n'),
    );
    expect(run.stdout).toBe('cli/fixtures/typed-policies: 2 policy files, 2 problems\n');
  });

  it("passes the application's own policies", async () => {
    const run = await runCli(checkPoliciesCommand, ['policies']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^policies: \d+ policy files, no problem\n$/);
  });

  it('exits 2 without a directory, or for one that does not exist', async () => {
    const none = await runCli(checkPoliciesCommand, []);
    expect(none).toMatchObject({
      code: 2,
      stderr: 'error: missing the policy directory: authz-tool check-policies <dir>\n',
    });
    expect((await runCli(checkPoliciesCommand, ['cli/fixtures/nowhere'])).code).toBe(2);
  });
});
