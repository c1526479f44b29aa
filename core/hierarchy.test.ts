import { describe, expect, it } from 'vitest';
import { AuthzConfigError } from './errors.ts';
import { checkHierarchy, hierarchyOf } from './hierarchy.ts';
import { alice, createHarness } from './testing/harness.ts';

const params: Record<string, string> = { org_id: 'o1', proj_id: 'p1', doc_id: 'd1' };
const levels = [
  ['organization', 'org_id', 'member'],
  ['project', 'proj_id', 'viewer'],
  ['document', 'doc_id', 'can_read'],
] as const;

function harness(granted: string[]) {
  const h = createHarness();
  h.service.setRule('app.check', (q) => granted.includes(String(q.resourceContext.object_type)));
  const run = (mode?: 'all' | 'any' | 'first_match') =>
    checkHierarchy(h.config, alice, hierarchyOf(levels, mode), (l) => params[l.paramName]);
  return { h, run };
}

describe('hierarchy', () => {
  it('validates levels and mode once', () => {
    expect(() => hierarchyOf([])).toThrow(AuthzConfigError);
    expect(() => hierarchyOf([])).toThrow(/levels: must hold at least one level/);
    expect(() => hierarchyOf([['document', '', 'owner']])).toThrow(/levels\[0\]/);
    expect(() => hierarchyOf(levels, 'most' as never)).toThrow(/mode/);
    expect(hierarchyOf([{ objectType: 'a', paramName: 'b', relation: 'c' }]).mode).toBe('all');
  });

  it('all (default): every level must allow, stopping at the first denial', async () => {
    const { h, run } = harness(['organization', 'document']);
    const result = await run();
    expect(result.allowed).toBe(false);
    expect(result.decisions.map((d) => d.level.objectType)).toEqual(['organization', 'project']);
    expect(h.service.calls).toBe(2);
    expect((await harness(['organization', 'project', 'document']).run('all')).allowed).toBe(true);
  });

  it('any: one allowing level is enough, every level is checked', async () => {
    const { run } = harness(['document']);
    const result = await run('any');
    expect(result.allowed).toBe(true);
    expect(result.decisions).toHaveLength(3);
    expect((await harness([]).run('any')).allowed).toBe(false);
  });

  it('first_match: stops at the first allowing level and reports it', async () => {
    const { h, run } = harness(['project', 'document']);
    const result = await run('first_match');
    expect(result).toMatchObject({ allowed: true, matched: { objectType: 'project', paramName: 'proj_id' } });
    expect(h.service.calls).toBe(2);
    expect((await harness([]).run('first_match')).matched).toBeUndefined();
  });

  it('puts each level id from its route parameter to the check', async () => {
    const { h, run } = harness(['organization', 'project', 'document']);
    await run();
    expect(h.service.queries.map((q) => q.resourceContext.object_id)).toEqual(['o1', 'p1', 'd1']);
  });

  it('denies a level whose parameter is missing', async () => {
    const h = createHarness();
    h.service.setRule('app.check', () => true);
    const result = await checkHierarchy(h.config, alice, hierarchyOf(levels), (l) =>
      l.paramName === 'proj_id' ? undefined : 'x',
    );
    expect(result.allowed).toBe(false);
    expect(result.decisions[1]?.decision).toMatchObject({ outcome: 'error', error: 'missing_object_id' });
  });
});
