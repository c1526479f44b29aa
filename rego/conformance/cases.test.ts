import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { standardBuiltins } from '../builtins/index.ts';
import { loadCategory } from './cases.ts';
import { runCase } from './run-case.ts';

const dirs: string[] = [];

function caseFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-cases-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'cat'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, 'cat', name), text);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const V1_CASE = `cases:
  - note: cat/v1 syntax
    query: data.t.p = x
    modules:
      - |
        package t
        p contains x if some x in [1, 2]
    want_result:
      - x: [1, 2]
    sort_bindings: true
`;

describe('loading conformance cases', () => {
  it('reads files with repeated keys as OPA does: the last one wins', () => {
    const dir = caseFolder({
      'a.yaml': 'cases:\n  - note: cat/dup\n    query: x = 1\n    query: x = 2\n    want_result: [{x: 2}]\n',
    });
    const { cases, unreadable } = loadCategory(dir, 'cat');
    expect(unreadable).toEqual([]);
    expect(cases.map((c) => c.query)).toEqual(['x = 2']);
    expect(runCase(cases[0] as (typeof cases)[0], standardBuiltins).status).toBe('passed');
  });

  it('reports an unreadable file and still reads the others', () => {
    const dir = caseFolder({ 'a.yaml': 'cases: [ {note: broken', 'b.yaml': V1_CASE, 'c.yaml': 'other: 1\n' });
    const { cases, unreadable } = loadCategory(dir, 'cat');
    expect(cases.map((c) => c.note)).toEqual(['cat/v1 syntax']);
    expect(unreadable.map((u) => u.file)).toEqual(['a.yaml', 'c.yaml']);
    expect(unreadable[1]?.reason).toBe('no `cases` list');
  });

  it('parses the modules as Rego v1 in v1 mode', () => {
    const [c] = loadCategory(caseFolder({ 'b.yaml': V1_CASE }), 'cat').cases;
    if (!c) throw new Error('no case');
    expect(runCase(c, standardBuiltins, 'v1')).toEqual({ status: 'passed', detail: '' });
    expect(runCase(c, standardBuiltins, 'v0').status).toBe('failed');
  });
});
