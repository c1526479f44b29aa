import { describe, expect, it } from 'vitest';
import { treeFromFolder } from './folder-tree.ts';

const files = ['index.md', 'a.md', 'b.md', 'c.md', 'guide/index.md', 'guide/x.md', 'drafts/wip.md'];

const summary = (pages: ReadonlyArray<{ key: string; navTitle?: string; parentKey?: string }>) =>
  pages.map((page) => `${page.key}${page.navTitle ? ` "${page.navTitle}"` : ''} < ${page.parentKey ?? '-'}`);

describe('.pages files (mkdocs-awesome-pages-plugin) in a site without nav', () => {
  it('orders, titles and hides entries; ... stands for the rest; links are reported', () => {
    const pagesFiles: Record<string, string> = {
      '.pages': 'nav:\n  - c.md\n  - Guide book: guide\n  - ...\n  - Home page: https://example.com\n',
      'drafts/.pages': 'hide: true\n',
      'guide/.pages': 'title: The Guide\n',
    };
    const tree = treeFromFolder(files, (file) => pagesFiles[file]);
    expect(summary(tree.pages)).toEqual([
      'index.md < -',
      'c.md < -',
      'guide/index.md "Guide book" < -',
      'guide/x.md < guide/index.md',
      'a.md < -',
      'b.md < -',
    ]);
    expect(tree.warnings).toEqual([
      '.pages: the link "Home page" to https://example.com is not a page and is not published',
    ]);
  });

  it('keeps name order without .pages files, and reverses it with order: desc', () => {
    expect(summary(treeFromFolder(['a.md', 'b.md']).pages)).toEqual(['a.md < -', 'b.md < -']);
    const descending = treeFromFolder(['a.md', 'b.md'], (file) =>
      file === '.pages' ? 'order: desc\n' : undefined,
    );
    expect(summary(descending.pages)).toEqual(['b.md < -', 'a.md < -']);
  });
});
