import { RegoError } from '@gatehousejs/engine';
import { describe, expect, it } from 'vitest';
import { app, authzToolConfig } from './fixtures/awkward-app.ts';
import { isRoutePolicy, policyDiff } from './policy-diff.ts';

const POLICIES = 'cli/fixtures/diff-policies';

describe('policyDiff', () => {
  it('finds routes without a policy and route policies without a route', async () => {
    const diff = await policyDiff(app, authzToolConfig, POLICIES);
    expect(diff.missing).toEqual([
      { method: 'GET', path: '/api/files/:name{.+\\.png}', policyPath: 'fixture.GET.api.files.__name' },
    ]);
    expect(diff.orphaned).toEqual([
      { policyPath: 'fixture.DELETE.api.legacy', file: `${POLICIES}/routes/legacy.rego`, line: 2 },
    ]);
    expect(diff.counts).toEqual({ routes: 15, routePolicies: 14 });
  });

  it('reads packages from declarations: file names, helper packages, <root>.check, tests and dot-files do not count', async () => {
    const diff = await policyDiff(app, authzToolConfig, POLICIES);
    const orphans = diff.orphaned.map((o) => o.policyPath);
    // routes/root.rego declares fixture.GET; lib/ holds fixture.common and fixture.check.
    expect(diff.missing.map((m) => m.policyPath)).not.toContain('fixture.GET');
    expect(orphans).not.toContain('fixture.common');
    expect(orphans).not.toContain('fixture.check');
    expect(orphans).not.toContain('fixture.GET.api.only_in_tests');
    expect(orphans).not.toContain('fixture.GET.api.hidden');
  });

  it('lists used policies without an allowed rule', async () => {
    const diff = await policyDiff(app, authzToolConfig, POLICIES);
    expect(diff.withoutAllowed).toEqual([
      { policyPath: 'fixture.GET.api.items', file: `${POLICIES}/routes/items.rego`, line: 2 },
    ]);
  });

  it('compares with another root as configured: every route missing, no orphan under that root', async () => {
    const diff = await policyDiff(app, { policyPathRoot: 'other', excludePaths: ['/health'] }, POLICIES);
    expect(diff.missing.map((m) => m.path)).toContain('/auth/callback');
    expect(diff.missing).toHaveLength(16);
    expect(diff.orphaned).toEqual([]);
  });

  it('reports a file that does not parse with its file, line and column', async () => {
    const error = await policyDiff(app, authzToolConfig, 'cli/fixtures/unparsable').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegoError);
    expect((error as RegoError).message).toMatch(
      /^cli\/fixtures\/unparsable\/broken\.rego:7:1: rego_parse_error: /,
    );
  });

  it('tells route policies from other packages', () => {
    expect(isRoutePolicy('webapp.GET.api', 'webapp')).toBe(true);
    expect(isRoutePolicy('webapp.GET', 'webapp')).toBe(true);
    expect(isRoutePolicy('acme.webapp.M_SEARCH.x', 'acme.webapp')).toBe(true);
    expect(isRoutePolicy('webapp.check', 'webapp')).toBe(false);
    expect(isRoutePolicy('webapp.common', 'webapp')).toBe(false);
    expect(isRoutePolicy('webapps.GET.api', 'webapp')).toBe(false);
    expect(isRoutePolicy('other.GET.api', 'webapp')).toBe(false);
  });
});
