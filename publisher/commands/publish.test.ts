import { runCommand } from 'citty';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../exit-codes.ts';
import type { PublishReport } from '../report/index.ts';
import { captureLogger, type Scenario, startScenario } from '../testing/index.ts';
import { publishCommand } from './publish.ts';

let scenario: Scenario | undefined;
afterEach(async () => {
  await scenario?.close();
  scenario = undefined;
});

async function run(rawArgs: string[], env: Record<string, string>) {
  const { logger, messages } = captureLogger();
  let stdout = '';
  let exitCode: number | undefined;
  const { result } = await runCommand(publishCommand, {
    rawArgs,
    data: {
      env,
      logger,
      sleep: async () => {},
      stdout: { write: (text: string) => (stdout += text) },
      setExitCode: (code: number) => {
        exitCode = code;
      },
    },
  });
  return { report: result as PublishReport, stdout, exitCode, messages };
}

describe('wiki-publish through runCommand', () => {
  it('publishes with flags overriding mkdocs.yml and prints the JSON report with --json', async () => {
    scenario = await startScenario();
    const args = [
      scenario.siteDir,
      '--host-url',
      scenario.emulator.url,
      '--allow-http-loopback',
      '--rate-limit',
      '0',
      '--json',
    ];
    const { stdout, exitCode, report } = await run(args, scenario.env);
    expect(exitCode).toBe(0);
    const printed = JSON.parse(stdout) as PublishReport;
    expect(printed).toEqual(JSON.parse(JSON.stringify(report)));
    expect(printed.pages.created).toBe(10);
    const other = await run([...args, '--space', 'OTHER'], scenario.env);
    expect(other.exitCode).toBe(EXIT_CODES.notFound);
    expect(JSON.parse(other.stdout).error.code).toBe('space_not_found');
  });

  it('names a bad flag value in a one-line error and exits 2', async () => {
    scenario = await startScenario();
    const { exitCode, messages, stdout } = await run([scenario.siteDir, '--timeout', 'soon'], scenario.env);
    expect(exitCode).toBe(EXIT_CODES.configuration);
    expect(stdout).toBe('');
    expect(messages.filter((m) => m.startsWith('error:'))).toEqual([
      'error: invalid setting --timeout: Invalid input: expected number, received string',
    ]);
  });

  it('refuses unknown options instead of ignoring a typo', async () => {
    scenario = await startScenario();
    const { exitCode, messages, report } = await run(
      [scenario.siteDir, '--spcae', 'DOCS', '--no-dry-run'],
      scenario.env,
    );
    expect(exitCode).toBe(EXIT_CODES.configuration);
    expect(report).toBeUndefined();
    expect(messages).toContain('error: unknown option --spcae (see wiki-publish --help)');
    expect(scenario.emulator.requests).toEqual([]);
  });

  it('refuses an http:// wiki unless it is loopback and explicitly allowed', async () => {
    scenario = await startScenario();
    const { exitCode, messages } = await run(
      [scenario.siteDir, '--host-url', scenario.emulator.url],
      scenario.env,
    );
    expect(exitCode).toBe(EXIT_CODES.configuration);
    expect(messages.some((m) => m.includes('allowed only on loopback with --allow-http-loopback'))).toBe(
      true,
    );
    expect(scenario.emulator.requests).toEqual([]);
  });

  it('exits 6 on soft failures unless they are allowed', async () => {
    scenario = await startScenario();
    scenario.emulator.addPage({ space: 'DOCS', title: 'FAQ' });
    const args = [scenario.siteDir, '--host-url', scenario.emulator.url, '--allow-http-loopback'];
    const failing = await run(args, scenario.env);
    expect(failing.exitCode).toBe(EXIT_CODES.softFailures);
    expect(failing.messages).toContain('warn: 1 soft failure(s)');
    const allowed = await run([...args, '--allow-soft-failures'], scenario.env);
    expect(allowed.exitCode).toBe(0);
    expect(allowed.messages).toContain('warn: 1 soft failure(s) (allowed)');
  });
});
