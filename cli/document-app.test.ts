import { afterEach, describe, expect, it } from 'vitest';
import { generatePoliciesCommand } from './commands/generate-policies.ts';
import { policyDiffCommand } from './commands/policy-diff.ts';
import { policyMapCommand } from './commands/policy-map.ts';
import { runCli, temporaryDirectory } from './fixtures/run-cli.ts';

// The document application's own routes (app/http createApp) against its own policies/.
const APP = ['--app', 'cli/fixtures/document-app.ts:documentApp'];

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe('authz-tool on the document application', () => {
  it('finds no difference between its routes and policies/, even with --strict', async () => {
    const run = await runCli(policyDiffCommand, [...APP, '--policies', 'policies', '--strict']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^No differences: \d+ routes, \d+ route policies: 0 missing, 0 orphaned, 0 without allowed\.\n$/,
    );
  });

  it('maps every route to an existing webapp policy, and leaves out the excluded routes', async () => {
    const run = await runCli(policyMapCommand, [...APP, '--policies', 'policies', '--format', 'json']);
    const rows = JSON.parse(run.stdout) as {
      route: string;
      method: string;
      policyPath: string;
      status: string;
    }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === 'OK')).toBe(true);
    expect(rows.filter((r) => r.route.startsWith('/api/')).length).toBeGreaterThan(10);
    expect(rows).toContainEqual({
      route: '/api/shares/:doc_id/:email',
      method: 'DELETE',
      policyPath: 'webapp.DELETE.api.shares.__doc_id.__email',
      status: 'OK',
    });
    for (const [route, method, policyPath] of [
      ['/api/trash/:id', 'DELETE', 'webapp.DELETE.api.trash.__id'],
      ['/api/trash/:id/restore', 'POST', 'webapp.POST.api.trash.__id.restore'],
      ['/trash/:id{[1-9][0-9]*}/delete', 'GET', 'webapp.GET.trash.__id.delete'],
      ['/trash/:id{[1-9][0-9]*}/delete', 'POST', 'webapp.POST.trash.__id.delete'],
      ['/api/documents/:id/versions/:version', 'GET', 'webapp.GET.api.documents.__id.versions.__version'],
    ]) {
      expect(rows).toContainEqual({ route, method, policyPath, status: 'OK' });
    }
    expect(rows.map((r) => r.route)).not.toContain('/health');
  });

  it('generates a policy set that covers exactly its routes', async () => {
    const { dir, remove } = await temporaryDirectory();
    cleanup = remove;
    const generated = await runCli(generatePoliciesCommand, [...APP, '--output', dir]);
    expect(generated.code).toBe(0);
    expect(generated.stdout).toContain(`${dir}/webapp.check.rego`);
    const diff = await runCli(policyDiffCommand, [...APP, '--policies', dir, '--strict']);
    expect(diff.code).toBe(0);
  });
});
