import { describe, expect, it } from 'vitest';
import { runCli } from '../fixtures/run-cli.ts';
import { evalCommand } from './eval.ts';
import { testCommand } from './test.ts';

const EVAL = [
  '--policies',
  'cli/fixtures/opa-releases',
  '--path',
  'releases.POST.api.versions',
  '--input',
  '-',
];
const input = async () => JSON.stringify({ resource: { version: '01.2.3' } });

describe('--opa-version', () => {
  it('evaluates with the built-ins of the chosen OPA release (default v1.15.2)', async () => {
    const byDefault = await runCli(evalCommand, EVAL, { readStdin: input });
    expect(byDefault.stdout).toContain('releases.POST.api.versions.allowed = true\n');
    const v122 = await runCli(evalCommand, [...EVAL, '--opa-version', 'v1.22.2'], { readStdin: input });
    expect(v122.stdout).toContain('releases.POST.api.versions.allowed = false\n');
    expect(v122.code).toBe(0);
  });

  it('runs the policy tests against the chosen release', async () => {
    const v122 = await runCli(testCommand, ['cli/fixtures/opa-releases', '--opa-version', 'v1.22.2']);
    expect(v122.code).toBe(0);
    const v115 = await runCli(testCommand, ['cli/fixtures/opa-releases', '--format', 'json']);
    expect(v115.code).toBe(2);
    expect(v115.stderr).toMatch(/releases_test\.rego:\d+:\d+: .*strings\.split_n/);
  });

  it('refuses a release the engine does not follow, naming the choices', async () => {
    const refusal = {
      code: 2,
      stderr: 'error: --opa-version must be one of v1.15.2, v1.22.2, got "v1.0.0"\n',
    };
    const evaluated = await runCli(evalCommand, [...EVAL, '--opa-version', 'v1.0.0'], { readStdin: input });
    expect(evaluated).toMatchObject(refusal);
    const tested = await runCli(testCommand, ['cli/fixtures/opa-releases', '--opa-version', 'v1.0.0']);
    expect(tested).toMatchObject(refusal);
  });
});
