import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ArgsDef, type CommandDef, renderUsage } from 'citty';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../fixtures/run-cli.ts';
import { authzToolCommand } from './authz-tool.ts';

const subCommands = authzToolCommand.subCommands as Record<string, () => Promise<CommandDef>>;
const NAMES = [
  'generate-policies',
  'policy-diff',
  'policy-map',
  'eval',
  'test',
  'check-manifest',
  'check-policies',
];

describe('authz-tool --help', () => {
  it('lists every command with its description', async () => {
    const usage = await renderUsage(authzToolCommand);
    for (const name of NAMES) {
      const meta = (await subCommands[name]!()).meta as { description: string };
      expect(usage).toContain(name);
      expect(usage).toContain(meta.description.slice(0, 40));
    }
    expect(usage).toContain('2 usage error');
  });

  it.each(NAMES)('describes every option of %s and its exit codes', async (name) => {
    const command = await subCommands[name]!();
    const usage = await renderUsage(command, authzToolCommand);
    expect(usage).toContain(`authz-tool ${name}`);
    expect(usage).toMatch(/Exit codes: 0 /);
    for (const [option, def] of Object.entries(command.args as ArgsDef)) {
      expect(def.description?.length ?? 0).toBeGreaterThan(10);
      expect(usage).toContain(def.type === 'positional' ? option.toUpperCase() : `--${option}`);
    }
  });
});

describe('authz-tool --version', () => {
  it("is the package's version", async () => {
    const { version } = JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect((authzToolCommand.meta as { version: string }).version).toBe(version);
  });
});

describe('authz-tool without a command', () => {
  it('is a usage error naming the commands', async () => {
    const run = await runCli(authzToolCommand, []);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `error: missing command; commands: ${NAMES.join(', ')} (see authz-tool --help)\n`,
    );
  });
});
