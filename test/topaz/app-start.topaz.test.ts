/**
 * Start-up validation with the application process (`app/main.ts`, as `npm start` runs it with
 * `TOPAZ_URL`) against a real Topaz: a Topaz without a manifest, or with one lacking what the
 * application writes, refuses the start in one line naming what is missing; a Topaz missing a
 * route's policy refuses it naming the policy; with both complete it starts and is ready.
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess } from '../support/app-process.ts';
import { startTestStack, type TestStack } from '../support/dev-stack.ts';
import { startTestTopaz, type TestTopaz } from '../support/topaz.ts';

const GROUPLESS_MANIFEST =
  'model:\n  version: 3\ntypes:\n  user:\n    relations:\n      identifier: identity\n  identity: {}\n';

let stack: TestStack;
let topaz: TestTopaz | undefined;
let partialPolicies: string;

const topazEnv = (server: TestTopaz) => ({
  TOPAZ_URL: server.authorizerUrl,
  TOPAZ_DIRECTORY_URL: server.directoryUrl,
  TOPAZ_CA_CERT_FILE: server.caFile,
});

/** The output of an application process that must not start. */
async function refusedStart(env: Record<string, string>): Promise<string> {
  const error = await startAppProcess(stack, env).then(
    async (started) => {
      await started.kill('SIGTERM');
      throw new Error(`the application started:\n${started.output()}`);
    },
    (e: unknown) => e as Error,
  );
  expect(error.message).toContain('the application process exited during start-up');
  return error.message;
}

beforeAll(async () => {
  stack = await startTestStack();
  partialPolicies = await mkdtemp(path.join(tmpdir(), 'gatehouse-policies-'));
  await cp(path.resolve('policies'), partialPolicies, { recursive: true });
  await rm(path.join(partialPolicies, 'webapp/routes/DELETE.api.documents.__id.rego'));
});

afterAll(async () => {
  await topaz?.stop();
  await stack?.stop();
  await rm(partialPolicies, { recursive: true, force: true });
});

describe('starting the application on Topaz', () => {
  it('refuses a Topaz without a manifest in one line saying what to set', async () => {
    topaz = await startTestTopaz({ manifest: null });
    const output = await refusedStart(topazEnv(topaz));
    expect(output).toContain(
      `Gatehouse did not start: AuthorizationStartError: Topaz's directory at ${topaz.directoryUrl} ` +
        "has no directory model (no manifest set): set the application's policies/manifest.yaml\n",
    );
  });

  it('refuses a manifest lacking what the application writes, naming each missing part', async () => {
    await topaz?.setManifest(GROUPLESS_MANIFEST);
    const output = await refusedStart(topazEnv(topaz as TestTopaz));
    expect(output).toContain(
      `Topaz's directory at ${topaz?.directoryUrl} lacks what the application writes and asks: ` +
        'object type group, object type folder, object type document\n',
    );
  });

  it('starts and is ready once the manifest is set', async () => {
    await topaz?.setManifest(await readFile('policies/manifest.yaml', 'utf8'));
    const started = await startAppProcess(stack, topazEnv(topaz as TestTopaz));
    try {
      const health = await fetch(`${started.url}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ directory: expect.anything() });
    } finally {
      await started.kill('SIGTERM');
    }
    await topaz?.stop();
    topaz = undefined;
  });

  it('refuses a Topaz that lacks a route policy, naming it', async () => {
    topaz = await startTestTopaz({ policiesDir: partialPolicies });
    const output = await refusedStart(topazEnv(topaz));
    expect(output).toContain('webapp.DELETE.api.documents.__id');
  });
});
