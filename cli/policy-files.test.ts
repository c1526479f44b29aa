import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from './fixtures/run-cli.ts';
import { planPolicyFiles, policyFileName, writePolicyFiles } from './policy-files.ts';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe('policy files', () => {
  it('names files flat or nested by package segment', () => {
    expect(policyFileName('webapp.GET.api.documents.__id', 'flat')).toBe(
      'webapp.GET.api.documents.__id.rego',
    );
    expect(policyFileName('webapp.GET.api.documents.__id', 'nested')).toBe(
      path.join('webapp', 'GET', 'api', 'documents', '__id', 'policy.rego'),
    );
  });

  it('plans created, unchanged, kept and overwritten files, and writes only what it plans to', async () => {
    const { dir, remove } = await temporaryDirectory();
    cleanup = remove;
    await writeFile(path.join(dir, 'a.same.rego'), 'same\n');
    await writeFile(path.join(dir, 'a.edited.rego'), 'edited by hand\n');
    const policies = { 'a.new': 'new\n', 'a.same': 'same\n', 'a.edited': 'generated\n' };
    const keep = await planPolicyFiles(policies, { outputDir: dir, layout: 'flat', overwrite: false });
    expect(keep.map((f) => [f.policyPath, f.status])).toEqual([
      ['a.new', 'created'],
      ['a.same', 'unchanged'],
      ['a.edited', 'kept'],
    ]);
    await writePolicyFiles(keep);
    expect(await readFile(path.join(dir, 'a.edited.rego'), 'utf8')).toBe('edited by hand\n');
    expect(await readFile(path.join(dir, 'a.new.rego'), 'utf8')).toBe('new\n');

    const replace = await planPolicyFiles(policies, { outputDir: dir, layout: 'flat', overwrite: true });
    expect(replace.map((f) => f.status)).toEqual(['unchanged', 'unchanged', 'overwritten']);
    await writePolicyFiles(replace);
    expect(await readFile(path.join(dir, 'a.edited.rego'), 'utf8')).toBe('generated\n');
    expect((await readdir(dir)).sort()).toEqual(['a.edited.rego', 'a.new.rego', 'a.same.rego']);
  });

  it('creates nested directories, and names the file it cannot write', async () => {
    const { dir, remove } = await temporaryDirectory();
    cleanup = remove;
    const plan = await planPolicyFiles(
      { 'x.y': 'p\n' },
      { outputDir: dir, layout: 'nested', overwrite: false },
    );
    await writePolicyFiles(plan);
    expect(await readFile(path.join(dir, 'x', 'y', 'policy.rego'), 'utf8')).toBe('p\n');
    // A file where a directory must go is named while planning.
    await writeFile(path.join(dir, 'blocked'), '');
    const target = path.join(dir, 'blocked', 'z', 'policy.rego');
    await expect(
      planPolicyFiles({ 'blocked.z': 'p\n' }, { outputDir: dir, layout: 'nested', overwrite: false }),
    ).rejects.toThrow(`cannot read ${target}`);
    // A directory that appears where a planned file goes is named while writing; nothing is left behind.
    const late = await planPolicyFiles({ late: 'p\n' }, { outputDir: dir, layout: 'flat', overwrite: false });
    await mkdir(path.join(dir, 'late.rego'));
    await expect(writePolicyFiles(late)).rejects.toThrow(`cannot write ${path.join(dir, 'late.rego')}`);
    expect((await readdir(dir)).sort()).toEqual(['blocked', 'late.rego', 'x']);
  });
});
