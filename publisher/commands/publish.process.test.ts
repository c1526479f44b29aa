import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from 'selfsigned';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../exit-codes.ts';
import { type Scenario, startScenario } from '../testing/index.ts';

const REPO_ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// The tool from its sources through tsx, with the repository's tsconfig mapping the package names;
// the installed bin (compiled JavaScript) is covered by test/consumer.
const SOURCE_BIN = ['--import', 'tsx', path.join(REPO_ROOT, 'publisher', 'main.ts')];
const SOURCE_ENV = { TSX_TSCONFIG_PATH: path.join(REPO_ROOT, 'tsconfig.json') };

let scenario: Scenario | undefined;
afterEach(async () => {
  await scenario?.close();
  scenario = undefined;
});

interface ProcessResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the real bin in a child process (asynchronously, so the in-process emulator keeps answering). */
function wikiPublish(args: string[], env: Record<string, string>): Promise<ProcessResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...SOURCE_BIN, ...args],
      {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          NO_COLOR: '1',
          ...SOURCE_ENV,
          ...env,
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('wiki-publish as a process', () => {
  it('shows complete help', async () => {
    const { code, stdout } = await wikiPublish(['--help'], {});
    expect(code).toBe(0);
    for (const flag of [
      '--host-url',
      '--space',
      '--parent-page-name',
      '--dry-run',
      '--json',
      '--timeout',
      '--retries',
      '--concurrency',
    ]) {
      expect(stdout).toContain(flag);
    }
    expect(stdout).toContain('6 soft failures');
  });

  // Five processes of the tool from its sources (tsx): slow on a loaded machine.
  it('publishes, then republishes quietly, with exit codes and JSON on stdout', {
    timeout: 60_000,
  }, async () => {
    scenario = await startScenario();
    const args = [
      scenario.siteDir,
      '--host-url',
      scenario.emulator.url,
      '--allow-http-loopback',
      '--rate-limit',
      '0',
    ];
    const [first, noCredentials, wrongCredentials] = await Promise.all([
      wikiPublish([...args, '--json'], scenario.env),
      wikiPublish(args, {}),
      wikiPublish(args, { ...scenario.env, WIKI_API_TOKEN: 'wrong' }),
    ]);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ ok: true, pages: { created: 10 } });
    expect(first.stderr).toContain('Upload');
    expect(noCredentials.code).toBe(EXIT_CODES.configuration);
    expect(noCredentials.stdout + noCredentials.stderr).toContain(
      'no wiki credentials: set WIKI_USERNAME and WIKI_API_TOKEN',
    );
    expect(wrongCredentials.code).toBe(EXIT_CODES.authentication);
    expect(wrongCredentials.stdout + wrongCredentials.stderr).toContain(
      'the wiki rejected the credentials (401)',
    );
    const again = await wikiPublish(args, scenario.env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Nothing to change: 10 pages up to date');
    expect(again.stdout).not.toContain('created page');
  });

  it('verifies the wiki certificate: untrusted fails (exit 5), trusted through NODE_EXTRA_CA_CERTS works', async () => {
    const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      keySize: 2048,
      algorithm: 'sha256',
      extensions: [
        { name: 'basicConstraints', cA: true },
        { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
      ],
    });
    scenario = await startScenario({ emulator: { tls: { key: pems.private, cert: pems.cert } } });
    const ca = path.join(scenario.siteDir, 'ca.pem');
    await writeFile(ca, pems.cert);
    const args = [scenario.siteDir, '--host-url', scenario.emulator.url, '--rate-limit', '0'];
    const untrusted = await wikiPublish(args, scenario.env);
    expect(untrusted.code).toBe(EXIT_CODES.unreachable);
    expect(untrusted.stdout + untrusted.stderr).toMatch(/TLS certificate not accepted .*NODE_EXTRA_CA_CERTS/);
    const trusted = await wikiPublish(args, { ...scenario.env, NODE_EXTRA_CA_CERTS: ca });
    expect(trusted.stderr).not.toContain('Ignoring extra certs');
    expect(trusted.code).toBe(0);
    expect(scenario.emulator.state.byTitle('DOCS', 'Internals')).toBeDefined();
  });
});
