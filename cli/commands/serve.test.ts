import { access, readFile, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { createConsola } from 'consola';
import { afterEach, describe, expect, it } from 'vitest';
import { createTopazDecisionService } from '../../adapters/topaz/index.ts';
import type { ServeUrls } from '../command-io.ts';
import { runCli, temporaryDirectory } from '../fixtures/run-cli.ts';
import { serveCommand } from './serve.ts';

const FREE_PORTS = ['--authorizer-port', '0', '--gateway-port', '0', '--directory-port', '0'];
const REBAC = ['--policies', 'cli/fixtures/rebac', '--relations', 'cli/fixtures/rebac/relations.yaml'];

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** Starts `serve` through runCommand; resolves once it listens. */
async function startServe(args: readonly string[]) {
  const stop = new AbortController();
  let listening!: (urls: ServeUrls) => void;
  const ready = new Promise<ServeUrls>((resolve) => {
    listening = resolve;
  });
  const run = runCli(serveCommand, [...args, ...FREE_PORTS], { signal: stop.signal, onListening: listening });
  const urls = await Promise.race([
    ready,
    run.then((r) => {
      throw new Error(`serve ended early with ${r.code}: ${r.stderr}`);
    }),
  ]);
  return { urls, run, stop: () => stop.abort() };
}

const ask = (subject: string) => ({
  identity: { type: 'IDENTITY_TYPE_SUB' as const, value: subject },
  policyPath: 'rebac.GET.api.documents.__id',
  decisions: ['allowed'],
  resourceContext: { id: 'd1' },
});

describe('authz-tool serve (runCommand)', () => {
  it('answers Is over the real gRPC wire with the local policies and relations, then stops cleanly', async () => {
    const served = await startServe(REBAC);
    const topaz = createTopazDecisionService({
      url: served.urls.authorizerUrl,
      caFile: served.urls.caFile,
      policyInstanceName: 'rebac',
      timeoutMs: 10_000,
    });
    try {
      expect(await topaz.decide(ask('bob'))).toEqual({ allowed: true });
      expect(await topaz.decide(ask('carol'))).toEqual({ allowed: false });
    } finally {
      await topaz.close();
    }
    served.stop();
    const result = await served.run;
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`authorizer (gRPC)  ${served.urls.authorizerUrl}\n`);
    expect(result.stdout).toContain(`REST gateway       ${served.urls.restUrl}\n`);
    expect(result.stdout).toContain(`CA certificate     ${served.urls.caFile}\n`);
    expect(result.messages).toEqual(
      expect.arrayContaining(['info: stop requested: stopping', 'success: stopped']),
    );
    // The generated certificate lived in a temporary file, removed at stop.
    await expect(access(served.urls.caFile)).rejects.toThrow();
  });

  it('writes the CA certificate where --ca-out says and keeps it', async () => {
    const { dir, remove } = await temporaryDirectory();
    cleanup = remove;
    const caOut = path.join(dir, 'certs', 'gatehouse-ca.pem');
    const served = await startServe([...REBAC, '--ca-out', caOut]);
    expect(served.urls.caFile).toBe(caOut);
    served.stop();
    expect((await served.run).code).toBe(0);
    expect(await readFile(caOut, 'utf8')).toContain('BEGIN CERTIFICATE');
  });

  it('with --api-keys-file, answers only calls that carry one of the keys', async () => {
    const { dir, remove } = await temporaryDirectory();
    cleanup = remove;
    const keys = path.join(dir, 'api-keys');
    await writeFile(keys, '# local clients\nk-one\nk-two\n');
    const served = await startServe([...REBAC, '--api-keys-file', keys]);
    const client = (apiKey?: string) =>
      createTopazDecisionService({
        url: served.urls.authorizerUrl,
        caFile: served.urls.caFile,
        policyInstanceName: 'rebac',
        timeoutMs: 10_000,
        ...(apiKey ? { apiKey } : {}),
      });
    const [keyless, wrong, right] = [client(), client('k-three'), client('k-two')];
    try {
      await expect(keyless.decide(ask('bob'))).rejects.toMatchObject({ code: 'invalid_request' });
      await expect(wrong.decide(ask('bob'))).rejects.toThrow(/rejected the credentials/);
      expect(await right.decide(ask('bob'))).toEqual({ allowed: true });
    } finally {
      await Promise.all([keyless.close(), wrong.close(), right.close()]);
    }
    served.stop();
    const result = await served.run;
    expect(result.code).toBe(0);
    expect(result.messages).toContain('info: API key required (2 keys accepted)');
  });

  it('refuses bad options with exit 2 before listening', async () => {
    const cases: [string[], string][] = [
      [
        ['--policies', 'cli/fixtures/rebac', '--authorizer-port', '99999'],
        'error: --authorizer-port must be a port from 0 to 65535, got "99999"\n',
      ],
      [['--policies', 'cli/fixtures/rebac', '--cert', 'cert.pem'], 'error: --cert and --key go together\n'],
      [[], 'error: missing --policies <dir>\n'],
      [
        ['--policies', 'cli/fixtures/rebac', '--api-keys-file', 'no-such-keys'],
        `error: --api-keys-file ${path.resolve('no-such-keys')}: ENOENT: no such file or directory, open '${path.resolve('no-such-keys')}'\n`,
      ],
    ];
    for (const [args, stderr] of cases) {
      const run = await runCli(serveCommand, args, { signal: AbortSignal.abort() });
      expect({ args, code: run.code, stderr: run.stderr }).toEqual({ args, code: 2, stderr });
    }
    const occupied = createServer();
    await new Promise<void>((resolve) => occupied.listen(0, '127.0.0.1', resolve));
    const { port } = occupied.address() as AddressInfo;
    try {
      const busy = await runCli(serveCommand, [...REBAC, ...FREE_PORTS, '--gateway-port', String(port)], {
        signal: AbortSignal.abort(),
      });
      expect(busy.code).toBe(2);
      expect(busy.stderr).toMatch(new RegExp(`^error: .*${port}`));
      expect(busy.stderr.trimEnd().split('\n')).toHaveLength(1);
    } finally {
      occupied.close();
    }
    const broken = await runCli(serveCommand, ['--policies', 'cli/fixtures/unparsable', ...FREE_PORTS], {
      signal: AbortSignal.abort(),
    });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/broken\.rego:7:1: rego_parse_error: /);
  });
});

describe('authz-tool serve --watch', () => {
  it('serves the new policies once a file changes', async () => {
    const { dir, remove } = await temporaryDirectory();
    cleanup = remove;
    const policy = (rule: string) =>
      `package watched\n\nimport rego.v1\n\ndefault allowed := false\n\n${rule}\n`;
    const file = path.join(dir, 'watched.rego');
    await writeFile(file, policy('allowed if input.identity.type == "IDENTITY_TYPE_SUB"'));
    let reloaded!: () => void;
    const reload = new Promise<void>((resolve) => {
      reloaded = resolve;
    });
    const logger = createConsola({
      level: 5,
      reporters: [{ log: (entry) => String(entry.args[0]).startsWith('policies reloaded') && reloaded() }],
    });
    const stop = new AbortController();
    let listening!: (urls: ServeUrls) => void;
    const ready = new Promise<ServeUrls>((resolve) => {
      listening = resolve;
    });
    const run = runCli(serveCommand, ['--policies', dir, '--watch', ...FREE_PORTS], {
      signal: stop.signal,
      onListening: listening,
      logger,
    });
    const urls = await Promise.race([
      ready,
      run.then((r) => {
        throw new Error(`ended: ${r.code} ${r.stderr}`);
      }),
    ]);
    const topaz = createTopazDecisionService({
      url: urls.authorizerUrl,
      caFile: urls.caFile,
      policyInstanceName: 'w',
    });
    const decide = () =>
      topaz.decide({
        identity: { type: 'IDENTITY_TYPE_SUB', value: 'ann' },
        policyPath: 'watched',
        decisions: ['allowed'],
        resourceContext: {},
      });
    try {
      expect(await decide()).toEqual({ allowed: true });
      await writeFile(file, policy('allowed if input.identity.value == "nobody"'));
      await reload;
      expect(await decide()).toEqual({ allowed: false });
    } finally {
      await topaz.close();
      stop.abort();
    }
    expect((await run).code).toBe(0);
  });
});
