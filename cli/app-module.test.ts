import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isHonoApp, loadApp } from './app-module.ts';
import { AuthzToolError } from './errors.ts';
import { app } from './fixtures/awkward-app.ts';
import { REPO_ROOT } from './fixtures/run-cli.ts';
import { parseModuleReference } from './module-reference.ts';

const FIXTURE = 'cli/fixtures/awkward-app.ts';

async function failure(promise: Promise<unknown>): Promise<AuthzToolError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthzToolError);
  return error as AuthzToolError;
}

describe('parseModuleReference', () => {
  it('splits at the last colon, and keeps Windows drive paths whole', () => {
    expect(parseModuleReference('./src/app.ts:app')).toEqual({ module: './src/app.ts', exportName: 'app' });
    expect(parseModuleReference('src/app.ts')).toEqual({ module: 'src/app.ts', exportName: undefined });
    expect(parseModuleReference('C:\\work\\app.ts')).toEqual({
      module: 'C:\\work\\app.ts',
      exportName: undefined,
    });
    expect(parseModuleReference('C:\\work\\app.ts:createApp')).toEqual({
      module: 'C:\\work\\app.ts',
      exportName: 'createApp',
    });
  });
});

describe('loadApp', () => {
  it('loads the "app" export relative to cwd, with the module\'s authzToolConfig', async () => {
    const loaded = await loadApp({ app: FIXTURE }, REPO_ROOT);
    expect(loaded.app).toBe(app);
    expect(loaded.config).toEqual({ policyPathRoot: 'fixture', excludePaths: ['/health', '/auth/.*'] });
    expect(loaded.configSource).toBe(`${FIXTURE}:authzToolConfig`);
  });

  it('resolves a path without extension and from another directory', async () => {
    const loaded = await loadApp({ app: 'fixtures/awkward-app:app' }, path.join(REPO_ROOT, 'cli'));
    expect(loaded.app).toBe(app);
  });

  it('calls an export that is a factory without parameters', async () => {
    expect((await loadApp({ app: `${FIXTURE}:createAwkwardApp` }, REPO_ROOT)).app).toBe(app);
  });

  it('takes --config over the module export, with its default export name, or a factory', async () => {
    const byDefaultName = await loadApp({ app: FIXTURE, config: 'cli/fixtures/tool-config.ts' }, REPO_ROOT);
    expect(byDefaultName.config).toEqual({ policyPathRoot: 'other', excludePaths: ['/health'] });
    expect(byDefaultName.configSource).toBe('cli/fixtures/tool-config.ts:authzToolConfig');
    const factory = await loadApp(
      { app: FIXTURE, config: 'cli/fixtures/tool-config.ts:configFactory' },
      REPO_ROOT,
    );
    expect(factory.config).toEqual({ policyPathRoot: 'factory', excludePaths: [] });
  });

  it('falls back to policy root webapp and no exclusions', async () => {
    const loaded = await loadApp({ app: 'cli/fixtures/plain-app.ts' }, REPO_ROOT);
    expect(loaded.config).toEqual({ policyPathRoot: 'webapp', excludePaths: [] });
    expect(loaded.configSource).toBe('defaults');
  });

  it('names the module, the export or the kind that is wrong, in one line', async () => {
    const missingFile = await failure(loadApp({ app: 'cli/fixtures/nope.ts:app' }, REPO_ROOT));
    expect(missingFile.code).toBe('module_unloadable');
    expect(missingFile.message).toContain(`no such module ${path.join(REPO_ROOT, 'cli/fixtures/nope.ts')}`);
    const missingExport = await failure(loadApp({ app: `${FIXTURE}:ap` }, REPO_ROOT));
    expect(missingExport.message).toBe(
      `--app ${FIXTURE}:ap: the module has no export "ap" (its exports: app, authzToolConfig, createAwkwardApp, notAnApp)`,
    );
    const notApp = await failure(loadApp({ app: `${FIXTURE}:notAnApp` }, REPO_ROOT));
    expect(notApp.message).toContain('export "notAnApp" is not a Hono app');
    const throwing = await failure(loadApp({ app: 'cli/fixtures/throwing-module.ts' }, REPO_ROOT));
    expect(throwing.message).toBe(
      '--app cli/fixtures/throwing-module.ts: the module failed to load: DATABASE_URL is not set',
    );
    const badConfig = await failure(
      loadApp({ app: FIXTURE, config: 'cli/fixtures/tool-config.ts:badConfig' }, REPO_ROOT),
    );
    expect(badConfig.code).toBe('config_invalid');
    expect(badConfig.message).toContain('policyPathRoot: must be a dotted Rego package path');
    for (const error of [missingFile, missingExport, notApp, throwing, badConfig]) {
      expect(error.message).not.toContain('\n');
    }
  });

  it('recognizes Hono apps by shape', () => {
    expect(isHonoApp(app)).toBe(true);
    expect(isHonoApp({ routes: [] })).toBe(false);
    expect(isHonoApp(null)).toBe(false);
  });
});
