import { describe, expect, it } from 'vitest';
import { PublishError } from '../errors.ts';
import { treeFromFolder } from './folder-tree.ts';
import { treeFromNav } from './nav-tree.ts';
import { fallbackTitle } from './page-tree.ts';
import { uniqueTitles } from './unique-titles.ts';

const summary = (
  pages: ReadonlyArray<{ key: string; parentKey?: string; navTitle?: string; depth: number }>,
) =>
  pages.map(
    (page) =>
      `${'  '.repeat(page.depth - 1)}${page.key}${page.navTitle ? ` "${page.navTitle}"` : ''} < ${page.parentKey ?? '-'}`,
  );

describe('treeFromNav', () => {
  it('maps pages, titled pages, sections with an index page and generated sections, parents first', () => {
    const nav = [
      'index.md',
      { Guide: ['guide/index.md', { Install: 'guide/install.md' }, { Deep: ['guide/deep/a.md'] }] },
      { Elsewhere: 'https://example.com' },
    ];
    const tree = treeFromNav(nav, [
      'index.md',
      'guide/index.md',
      'guide/install.md',
      'guide/deep/a.md',
      'draft.md',
    ]);
    expect(summary(tree.pages)).toEqual([
      'index.md < -',
      'guide/index.md "Guide" < -',
      '  guide/install.md "Install" < guide/index.md',
      '  section:1:Deep "Deep" < guide/index.md',
      '    guide/deep/a.md < section:1:Deep',
    ]);
    expect(tree.unlisted).toEqual(['draft.md']);
  });

  it('publishes a page listed twice only once, with a warning', () => {
    const tree = treeFromNav(['a.md', { Again: 'a.md' }], ['a.md']);
    expect(tree.pages).toHaveLength(1);
    expect(tree.warnings[0]).toMatch(/more than once/);
  });

  it('rejects a malformed nav naming the entry', () => {
    expect(() => treeFromNav([{ Guide: 42 }], [])).toThrow(PublishError);
    expect(() => treeFromNav([{ Guide: 42 }], [])).toThrow(/nav entry \[1\]/);
    expect(() => treeFromNav('index.md', [])).toThrow(/must be a list/);
  });
});

describe('treeFromFolder', () => {
  it('uses folders as sections, index.md as their page, natural order, any depth', () => {
    const files = ['index.md', 'b.md', 'a/index.md', 'a/x.md', 'a/b/c/d.md', 'step-10.md', 'step-2.md'];
    expect(summary(treeFromFolder(files).pages)).toEqual([
      'index.md < -',
      'a/index.md < -',
      '  section:a/b < a/index.md',
      '    section:a/b/c < section:a/b',
      '      a/b/c/d.md < section:a/b/c',
      '  a/x.md < a/index.md',
      'b.md < -',
      'step-2.md < -',
      'step-10.md < -',
    ]);
  });

  it('titles files and folders the MkDocs way when nothing else names them', () => {
    expect(fallbackTitle('user-guide/setup_steps.md')).toBe('Setup steps');
    expect(fallbackTitle('user-guide/index.md')).toBe('User guide');
    expect(fallbackTitle('index.md')).toBe('Home');
  });
});

describe('uniqueTitles', () => {
  it('keeps the first title and disambiguates later ones by parent, then by number, ignoring case', () => {
    const { titles, warnings } = uniqueTitles(
      [
        { key: 'a', title: 'Guide' },
        { key: 'b', title: 'Overview', parentKey: 'a' },
        { key: 'c', title: 'overview', parentKey: 'a' },
        { key: 'd', title: 'Overview' },
        { key: 'e', title: 'Handbook' },
      ],
      ['Handbook'],
    );
    expect([...titles.values()]).toEqual([
      'Guide',
      'Overview',
      'overview (Guide)',
      'Overview (2)',
      'Handbook (2)',
    ]);
    expect(warnings).toHaveLength(3);
  });

  it('cuts titles to 255 characters and collapses whitespace', () => {
    const { titles } = uniqueTitles([{ key: 'a', title: `  A\n  ${'x'.repeat(300)}` }], []);
    expect(titles.get('a')).toHaveLength(255);
    expect(titles.get('a')?.startsWith('A x')).toBe(true);
  });
});
