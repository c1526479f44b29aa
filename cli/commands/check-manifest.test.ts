import { describe, expect, it } from 'vitest';
import { runCli } from '../fixtures/run-cli.ts';
import { checkManifestCommand } from './check-manifest.ts';

describe('authz-tool check-manifest (runCommand)', () => {
  it('accepts a valid manifest and describes it', async () => {
    const run = await runCli(checkManifestCommand, ['cli/fixtures/rebac/manifest.yaml']);
    expect(run).toMatchObject({
      code: 0,
      stdout: 'cli/fixtures/rebac/manifest.yaml: valid (2 object types, 2 relations, 2 permissions)\n',
      stderr: '',
    });
  });

  it('lists every problem with file, line and column, and exits 1', async () => {
    const run = await runCli(checkManifestCommand, ['cli/fixtures/bad-manifest.yaml']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      [
        "cli/fixtures/bad-manifest.yaml:9:14: relation 'document:owner' references undefined type 'person'",
        "cli/fixtures/bad-manifest.yaml:11:25: permission 'document:can_read' references undefined relation or permission 'document:editor'",
        '',
      ].join('\n'),
    );
    expect(run.stdout).toBe('cli/fixtures/bad-manifest.yaml: invalid (2 problems)\n');
  });

  it('exits 2 for a missing file or argument', async () => {
    const missing = await runCli(checkManifestCommand, ['cli/fixtures/none.yaml']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^error: cannot read the directory manifest \S+none\.yaml: /);
    const none = await runCli(checkManifestCommand, []);
    expect(none).toMatchObject({
      code: 2,
      stderr: 'error: missing the manifest file: authz-tool check-manifest <file>\n',
    });
  });
});
