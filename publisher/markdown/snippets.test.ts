import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandSnippets } from './snippets.ts';

let site: string;
beforeAll(async () => {
  site = await mkdtemp(path.join(tmpdir(), 'wiki-snippets-'));
  await writeFile(path.join(site, 'LICENSE.md'), 'MIT License\n');
  await writeFile(path.join(site, 'note.md'), 'A note.\n');
});
afterAll(async () => {
  await rm(site, { recursive: true, force: true });
});

const settings = () => ({ basePaths: [path.join(site, 'LICENSE.md')], autoAppend: [], cache: new Map() });

describe('expandSnippets', () => {
  it('finds a snippet whose base path names the file itself, and only that file', () => {
    expect(expandSnippets('--8<-- "LICENSE.md"', settings()).text).toBe('MIT License');
    const missing = expandSnippets('--8<-- "note.md"', settings());
    expect(missing.text).toBe('');
    expect(missing.warnings).toHaveLength(1);
  });

  it('writes escaped markers (`;--8<--`) as text with one `;` removed', () => {
    const page = ';--8<-- "note.md"\n;--8<--\nnote.md\n;--8<--\n# ;--8<-- [start:func]';
    expect(expandSnippets(page, settings()).text).toBe(
      '--8<-- "note.md"\n--8<--\nnote.md\n--8<--\n# --8<-- [start:func]',
    );
  });

  it('leaves out page lines holding a section marker, as pymdownx.snippets does, with a warning', () => {
    const result = expandSnippets(
      'Before\n# --8<-- [start:func]\nWrite `--8<-- [end:func]` there.\nAfter',
      settings(),
    );
    expect(result.text).toBe('Before\nAfter');
    expect(result.warnings.map((warning) => warning.line)).toEqual([2, 3]);
  });
});
