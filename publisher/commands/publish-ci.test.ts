import { appendFile } from 'node:fs/promises';
import path from 'node:path';
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

async function run(rawArgs: string[], env: Record<string, string> = {}, cwd?: string) {
  const { logger, messages } = captureLogger();
  let stdout = '';
  let exitCode: number | undefined;
  const { result } = await runCommand(publishCommand, {
    rawArgs,
    data: {
      env,
      logger,
      sleep: async () => {},
      ...(cwd ? { cwd } : {}),
      stdout: { write: (text: string) => (stdout += text) },
      setExitCode: (code: number) => {
        exitCode = code;
      },
    },
  });
  return { report: result as PublishReport | undefined, stdout, exitCode, messages };
}

/** Three pages link to the same missing file: one warning, counted three times. */
async function siteWithRepeatedWarning(s: Scenario): Promise<void> {
  for (const page of ['index.md', 'reference/api.md', 'reference/faq.md'])
    await appendFile(path.join(s.siteDir, 'docs', page), '\nSee [the favicon](/img/favicon.ico).\n');
}

describe('wiki-publish in CI', () => {
  it('prints identical warnings once with a count, and as GitHub annotations with file and line', async () => {
    scenario = await startScenario();
    await siteWithRepeatedWarning(scenario);
    const args = [scenario.siteDir, '--host-url', scenario.emulator.url, '--allow-http-loopback'];
    const { report, stdout, exitCode, messages } = await run(
      [...args, '--format', 'github'],
      scenario.env,
      path.dirname(scenario.siteDir),
    );
    expect(exitCode).toBe(EXIT_CODES.ok);
    const favicon = report?.warnings.filter((warning) => /favicon/.test(warning.message)) ?? [];
    expect(favicon).toHaveLength(1);
    expect(favicon[0]?.count).toBe(3);
    expect(favicon[0]?.places).toHaveLength(3);
    expect(messages.filter((line) => /favicon/.test(line) && !/occurred 3 times/.test(line))).toHaveLength(1);
    expect(messages.some((line) => /occurred 3 times/.test(line))).toBe(true);
    const annotations = stdout.split('\n').filter((line) => /favicon/.test(line));
    expect(annotations).toHaveLength(1);
    expect(annotations[0]).toMatch(
      /^::warning file=site\/docs\/[\w/]+\.md,line=\d+,title=wiki-publish attachment warning::.*\(3 times: /,
    );
  });

  it('fails with exit 6 on content warnings under --strict, and only then', async () => {
    scenario = await startScenario();
    await siteWithRepeatedWarning(scenario);
    const args = [scenario.siteDir, '--host-url', scenario.emulator.url, '--allow-http-loopback'];
    const strict = await run([...args, '--strict'], scenario.env);
    expect(strict.exitCode).toBe(EXIT_CODES.softFailures);
    expect(strict.messages.some((line) => /--strict: 3 content warning/.test(line))).toBe(true);
    const lenient = await run(args, scenario.env);
    expect(lenient.exitCode).toBe(EXIT_CODES.ok);
  });

  it('prints its version with exit 0, and exits 2 on a usage error as --help says', async () => {
    const version = await run(['--version']);
    expect(version.exitCode).toBe(EXIT_CODES.ok);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const usage = await run(['.', '--format', 'xml']);
    expect(usage.exitCode).toBe(EXIT_CODES.configuration);
    expect(usage.messages.join('\n')).toMatch(/--format must be one of text, json, github/);
    expect(publishCommand.meta).toMatchObject({
      description: expect.stringContaining('2 usage or configuration'),
    });
  });
});
