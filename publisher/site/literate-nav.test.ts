import { describe, expect, it } from 'vitest';
import { treeFromNav } from './nav-tree.ts';

const files = [
  'index.md',
  'user-guide/README.md',
  'user-guide/install.md',
  'user-guide/config.md',
  'user-guide/deep/a.md',
  'dev/index.md',
  'dev/z.md',
  'dev/b.md',
  'dev/more/c.md',
];

const summary = (pages: ReadonlyArray<{ key: string; parentKey?: string; navTitle?: string }>) =>
  pages.map((page) => `${page.key}${page.navTitle ? ` "${page.navTitle}"` : ''} < ${page.parentKey ?? '-'}`);

describe('folder entries in the nav (mkdocs-literate-nav)', () => {
  it("follows the folder's nav file: its last list, in its order, the index page first with the entry's title", () => {
    const navFile =
      '# User Guide\n\nIntro with [a link](x.md).\n\n- [Configure](config.md)\n- [Install](install.md)\n- Deeper\n    - [A](deep/a.md)\n';
    const tree = treeFromNav([{ Home: 'index.md' }, { 'User Guide': 'user-guide/' }], files, {
      navFileName: 'README.md',
      readFile: (file) => (file === 'user-guide/README.md' ? navFile : undefined),
    });
    expect(summary(tree.pages)).toEqual([
      'index.md "Home" < -',
      'user-guide/README.md "User Guide" < -',
      'user-guide/config.md "Configure" < user-guide/README.md',
      'user-guide/install.md "Install" < user-guide/README.md',
      'section:1:Deeper "Deeper" < user-guide/README.md',
      'user-guide/deep/a.md "A" < section:1:Deeper',
    ]);
  });

  it('without a nav file, lists the index page, then pages and subfolders in name order', () => {
    const tree = treeFromNav([{ Developers: 'dev/' }], files);
    expect(summary(tree.pages)).toEqual([
      'dev/index.md "Developers" < -',
      'dev/b.md < dev/index.md',
      'dev/z.md < dev/index.md',
      'section:1:More "More" < dev/index.md',
      'dev/more/c.md < section:1:More',
    ]);
  });

  it("keeps an index page's own nav title under its section instead of dropping it", () => {
    const tree = treeFromNav([{ Developers: [{ Overview: 'dev/index.md' }, 'dev/b.md'] }], files);
    expect(summary(tree.pages)).toEqual([
      'section:1:Developers "Developers" < -',
      'dev/index.md "Overview" < section:1:Developers',
      'dev/b.md < section:1:Developers',
    ]);
  });

  it('reports external links of the nav instead of dropping them silently', () => {
    const tree = treeFromNav(['index.md', { Issues: 'https://example.com/issues' }], files);
    expect(tree.warnings).toEqual([
      'the nav\'s link "Issues" to https://example.com/issues is not a page and is not published (link to it from a page instead)',
    ]);
  });
});
