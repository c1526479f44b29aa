import { describe, expect, it } from 'vitest';
import { runCli } from '../fixtures/run-cli.ts';
import { evalCommand } from './eval.ts';

const REBAC = [
  '--policies',
  'cli/fixtures/rebac',
  '--relations',
  'cli/fixtures/rebac/relations.yaml',
  '--path',
  'rebac.GET.api.documents.__id',
];

describe('authz-tool eval (runCommand)', () => {
  it('prints the decision and the evaluation time, with the directory from the manifest and relations', async () => {
    const bob = await runCli(evalCommand, [...REBAC, '--input', 'cli/fixtures/inputs/bob-reads-d1.json']);
    expect(bob.code).toBe(0);
    expect(bob.stdout).toMatch(
      /^rebac\.GET\.api\.documents\.__id\.allowed = true\nevaluated in \d+\.\d{3} ms\n$/,
    );
    const carol = await runCli(evalCommand, [...REBAC, '--input', 'cli/fixtures/inputs/carol-reads-d1.json']);
    expect(carol.stdout).toContain('rebac.GET.api.documents.__id.allowed = false\n');
  });

  it('prints the value and the whole package document as JSON', async () => {
    const run = await runCli(evalCommand, [
      ...REBAC,
      '--input',
      'cli/fixtures/inputs/bob-reads-d1.json',
      '--format',
      'json',
    ]);
    const printed = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(printed).toMatchObject({
      path: 'rebac.GET.api.documents.__id',
      decision: 'allowed',
      defined: true,
      value: true,
      document: { allowed: true, permissions: ['can_read'] },
    });
    expect(typeof printed.durationMs).toBe('number');
  });

  it('reads the input from stdin, evaluates any rule, and reports an undefined one', async () => {
    const input = JSON.stringify({
      identity: { type: 'IDENTITY_TYPE_SUB', value: 'ann' },
      resource: { id: 'd1' },
    });
    const run = await runCli(evalCommand, [...REBAC, '--input', '-', '--decision', 'permissions'], {
      readStdin: async () => input,
    });
    expect(run.stdout).toContain('rebac.GET.api.documents.__id.permissions = ["can_read","can_write"]\n');
    const undefinedRule = await runCli(evalCommand, [...REBAC, '--input', '-', '--decision', 'nothing'], {
      readStdin: async () => input,
    });
    expect(undefinedRule.stdout).toContain('rebac.GET.api.documents.__id.nothing = undefined (denies)\n');
    expect(undefinedRule.code).toBe(0);
  });

  it('exits 1 with --fail unless the decision is true', async () => {
    const denied = await runCli(evalCommand, [
      ...REBAC,
      '--input',
      'cli/fixtures/inputs/carol-reads-d1.json',
      '--fail',
    ]);
    expect(denied.code).toBe(1);
    const allowed = await runCli(evalCommand, [
      ...REBAC,
      '--input',
      'cli/fixtures/inputs/bob-reads-d1.json',
      '--fail',
    ]);
    expect(allowed.code).toBe(0);
  });

  it('defaults to an anonymous identity and an empty directory', async () => {
    const run = await runCli(
      evalCommand,
      ['--policies', 'cli/fixtures/rebac', '--path', 'rebac.GET.api.documents.__id', '--input', '-'],
      { readStdin: async () => '{"resource": {"id": "d1"}}' },
    );
    expect(run.stdout).toContain('allowed = false\n');
  });

  it('exits 2 with one line for bad input, an unknown policy path or a bad relations file', async () => {
    const cases: [string[], string, RegExp][] = [
      [[...REBAC, '--input', '-'], 'not json', /^error: --input stdin: not valid JSON: /],
      [[...REBAC, '--input', '-'], '[1]', /^error: --input stdin: the input must be a JSON object\n$/],
      [
        [...REBAC, '--input', '-'],
        '{"identity": {"type": "ROOT"}}',
        /^error: invalid input: identity\.type must be one of /,
      ],
      [
        ['--policies', 'cli/fixtures/rebac', '--path', 'rebac.GET.nothing', '--input', '-'],
        '{}',
        /^error: no policy package rebac\.GET\.nothing is loaded \(1 package loaded;/,
      ],
      [
        [
          '--policies',
          'cli/fixtures/rebac',
          '--path',
          'rebac.GET.api.documents.__id',
          '--input',
          '-',
          '--relations',
          'cli/fixtures/bad-manifest.yaml',
        ],
        '{}',
        /^error: cli\/fixtures\/bad-manifest\.yaml: Unrecognized keys: "model", "types"\n$/,
      ],
      [[...REBAC.slice(0, 4), '--input', '-'], '{}', /^error: missing --path <policy path>\n$/],
    ];
    for (const [args, stdin, expected] of cases) {
      const run = await runCli(evalCommand, args, { readStdin: async () => stdin });
      expect({ args, code: run.code }).toEqual({ args, code: 2 });
      expect(run.stderr).toMatch(expected);
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
  });
});
