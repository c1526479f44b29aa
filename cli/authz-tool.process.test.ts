import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runBin, temporaryDirectory } from './fixtures/run-cli.ts';

// Each process costs about a second (tsx compiles the tool): the cases below run side by side,
// and the exhaustive ones run in-process through runCommand beside each command.

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

// Each case starts several processes that compile the tool with tsx: on a busy 2-core machine that
// takes longer than the default 20 s.
describe('authz-tool as a process', { timeout: 60_000 }, () => {
  it('shows help, refuses an unknown command with exit 2, and diffs the document application', async () => {
    const [root, unknown, documents] = await Promise.all([
      runBin(['--help']),
      runBin(['generate-policy']),
      runBin(['policy-diff', '--app', 'cli/fixtures/document-app.ts:documentApp', '--policies', 'policies']),
    ]);
    expect(documents.code).toBe(0);
    expect(documents.stdout).toMatch(/^No differences: /);
    expect(root.code).toBe(0);
    for (const name of [
      'generate-policies',
      'policy-diff',
      'policy-map',
      'eval',
      'test',
      'check-manifest',
      'check-policies',
    ]) {
      expect(root.stdout).toContain(name);
    }
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toBe(
      'error: unknown command "generate-policy"; commands: generate-policies, policy-diff, policy-map, eval, test, check-manifest, check-policies (see authz-tool --help)\n',
    );
  });

  it('generates policies, then diffs and maps them against the app', async () => {
    const { dir, remove } = await temporaryDirectory();
    cleanup = remove;
    const app = ['--app', 'cli/fixtures/awkward-app.ts'];
    const generated = await runBin(['generate-policies', ...app, '--output', dir, '--format', 'nested']);
    expect(generated.code).toBe(0);
    expect(generated.stdout).toContain(`15 policies in ${dir} (created 15).`);
    expect(generated.stderr).toContain('Scanning the routes of cli/fixtures/awkward-app.ts');
    const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.rego'));
    expect(files).toHaveLength(15);
    const check = await readFile(path.join(dir, 'fixture', 'check', 'policy.rego'), 'utf8');
    expect(check).toContain('subject_id := input.identity.identity if not input.identity.value');

    const [clean, differing, map, wrongApp] = await Promise.all([
      runBin(['policy-diff', ...app, '--policies', dir, '--strict']),
      runBin(['policy-diff', ...app, '--policies', 'cli/fixtures/diff-policies', '--format', 'json']),
      runBin(['policy-map', ...app, '--policies', 'cli/fixtures/diff-policies', '--format', 'text']),
      runBin(['policy-diff', '--app', 'cli/fixtures/awkward-app.ts:notAnApp', '--policies', dir]),
    ]);
    expect(clean).toMatchObject({ code: 0 });
    expect(clean.stdout).toBe(
      'No differences: 15 routes, 14 route policies: 0 missing, 0 orphaned, 0 without allowed.\n',
    );
    expect(differing.code).toBe(1);
    expect(JSON.parse(differing.stdout).summary).toEqual({
      routes: 15,
      routePolicies: 14,
      missing: 1,
      orphaned: 1,
    });
    expect(map.code).toBe(0);
    expect(map.stdout).toMatch(
      /^\/api\/files\/:name\{\.\+\\\.png\}\s+GET\s+fixture\.GET\.api\.files\.__name\s+Missing$/m,
    );
    expect(wrongApp.code).toBe(2);
    expect(wrongApp.stderr.trimEnd().split('\n').at(-1)).toBe(
      'error: --app cli/fixtures/awkward-app.ts:notAnApp: export "notAnApp" is not a Hono app or a Fastify instance (expected an app, or a function without parameters returning one)',
    );
  });

  it('evaluates, tests and checks policies with exit codes', async () => {
    const input = JSON.stringify({
      identity: { type: 'IDENTITY_TYPE_SUB', value: 'bob' },
      resource: { id: 'd1' },
    });
    const [evaluated, failing, manifest] = await Promise.all([
      runBin(
        [
          'eval',
          '--policies',
          'cli/fixtures/rebac',
          '--relations',
          'cli/fixtures/rebac/relations.yaml',
          '--path',
          'rebac.GET.api.documents.__id',
          '--input',
          '-',
          '--fail',
        ],
        { input },
      ),
      runBin(['test', 'cli/fixtures/failing-tests']),
      runBin(['check-manifest', 'cli/fixtures/bad-manifest.yaml']),
    ]);
    expect(evaluated.code).toBe(0);
    expect(evaluated.stdout).toMatch(
      /^rebac\.GET\.api\.documents\.__id\.allowed = true\nevaluated in [\d.]+ ms\n$/,
    );
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain('FAIL: 2/3\n');
    expect(manifest.code).toBe(1);
    expect(manifest.stderr).toContain(
      "cli/fixtures/bad-manifest.yaml:9:14: relation 'document:owner' references undefined type 'person'\n",
    );
  });

  it('ends when done although the app module started a server, and when its export is wrong', async () => {
    const app = 'cli/fixtures/serving-app.ts';
    const [mapped, wrongExport] = await Promise.all([
      runBin(['policy-map', '--app', app, '--policies', 'policies', '--format', 'text']),
      runBin(['policy-map', '--app', `${app}:notAnApp`, '--policies', 'policies']),
    ]);
    expect(mapped.code).toBe(0);
    expect(mapped.stdout).toContain('/api/notes');
    expect(wrongExport.code).toBe(2);
    expect(wrongExport.stderr).toContain('is not a Hono app or a Fastify instance');
  });
});
