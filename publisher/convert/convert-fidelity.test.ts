import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteMarkdown } from '../markdown/index.ts';
import { type ConvertMarkdownOptions, convertMarkdown } from './convert-page.ts';

const NAMESPACES =
  'xmlns:ac="http://atlassian.com/content" xmlns:ri="http://atlassian.com/resource/identifier"';

function convert(markdown: string, extensions: unknown[], options: ConvertMarkdownOptions = {}) {
  const result = convertMarkdown(markdown, { site: createSiteMarkdown(extensions, '.'), ...options });
  expect(XMLValidator.validate(`<root ${NAMESPACES}>${result.storage}</root>`), result.storage).toBe(true);
  return result;
}

let site: string;
beforeAll(async () => {
  site = await mkdtemp(path.join(tmpdir(), 'wiki-fidelity-'));
  await writeFile(path.join(site, 'links.md'), '*[API]: Application Programming Interface\n');
});
afterAll(async () => {
  await rm(site, { recursive: true, force: true });
});

describe('conversion as Python-Markdown reads the page', () => {
  it('keeps the title of a fence without a language', () => {
    const { storage } = convert('``` title=".gitignore"\nnode_modules/\n```', ['pymdownx.superfences']);
    expect(storage).toBe(
      '<ac:structured-macro ac:name="code"><ac:parameter ac:name="title">.gitignore</ac:parameter><ac:plain-text-body><![CDATA[node_modules/]]></ac:plain-text-body></ac:structured-macro>',
    );
  });

  it('never nests a link in a link: mentions and repository references inside link text stay text', () => {
    const magiclink = { 'pymdownx.magiclink': { repo_url_shorthand: true, user: 'o', repo: 'r' } };
    expect(convert('[thanks @alice for #12](https://x.org)', [magiclink]).storage).toBe(
      '<p><a href="https://x.org">thanks @alice for #12</a></p>',
    );
    expect(
      convert('[see #12](https://x.org) and #13', [{ mdx_gh_links: { user: 'o', repo: 'r' } }]).storage,
    ).toBe(
      '<p><a href="https://x.org">see #12</a> and <a href="https://github.com/o/r/issues/13">#13</a></p>',
    );
  });

  it("writes shortcodes of the site's emoji index as emoji, skin tones included, and warns for unknown ones", () => {
    const twemoji = {
      'pymdownx.emoji': { emoji_index: 'python/name:material.extensions.emoji.twemoji' },
    };
    const result = convert(':man_raising_hand: :woman_technologist: :thumbsup_tone3: :no_such_emoji:', [
      twemoji,
    ]);
    expect(result.storage).toBe('<p>🙋‍♂️ 👩‍💻 👍🏽 :no_such_emoji:</p>');
    expect(result.warnings).toEqual([
      'line 1: emoji :no_such_emoji: is not in the emoji index and is kept as text',
    ]);
    // The default index (emojione) has no gender-first names: the text stays, as on the site, warned.
    const emojione = convert(':man_raising_hand: :thumbsup_tone3:', ['pymdownx.emoji']);
    expect(emojione.storage).toBe('<p>:man_raising_hand: 👍🏽</p>');
    expect(emojione.warnings).toHaveLength(1);
  });

  it('takes the last definition of a reference label, as Python-Markdown does', () => {
    expect(convert('[a][x]\n\n[x]: https://one\n[x]: https://two', []).storage).toBe(
      '<p><a href="https://two">a</a></p>',
    );
  });

  it('reads a definition on the line right after a raw HTML block, and in Markdown inside HTML', () => {
    expect(convert('<div>\nhello\n</div>\n[y]: https://y\n\n[a][y]', []).storage).toBe(
      '<p>hello</p><p><a href="https://y">a</a></p>',
    );
    expect(convert('<div markdown>\nSee [a][y].\n</div>\n\n[y]: https://y', ['md_in_html']).storage).toBe(
      '<p>See <a href="https://y">a</a>.</p>',
    );
  });

  it('resolves raw HTML URLs against the page URL (use_directory_urls), Markdown ones against the file', () => {
    const files = ['img/x.png', 'guide/img/x.png'];
    const html = convert('<img src="../img/x.png">\n\n![m](../img/x.png)', [], {
      sourcePath: 'guide/setup.md',
      files,
    });
    expect(html.storage).toBe(
      '<p><ac:image><ri:attachment ri:filename="guide_img_x.png"/></ac:image></p><p><ac:image ac:alt="m"><ri:attachment ri:filename="img_x.png"/></ac:image></p>',
    );
    expect(html.attachments.map((a) => a.path).sort()).toEqual(['guide/img/x.png', 'img/x.png']);
    const flat = convert('<img src="../img/x.png">', [], {
      sourcePath: 'guide/setup.md',
      files,
      useDirectoryUrls: false,
    });
    expect(flat.storage).toBe('<p><ac:image><ri:attachment ri:filename="img_x.png"/></ac:image></p>');
  });

  it('appends auto_append snippets once per page, never again inside <div markdown>', () => {
    const extensions = [
      'abbr',
      'md_in_html',
      { 'pymdownx.snippets': { base_path: site, auto_append: ['links.md'] } },
    ];
    const { storage } = convert(
      '<div markdown>\nThe API.\n</div>\n\n<div markdown>\nAn API.\n</div>',
      extensions,
    );
    expect(storage).toBe(
      '<p>The API (Application Programming Interface).</p><p>An API (Application Programming Interface).</p>',
    );
  });

  it('reports a missing auto_append snippet once for the site, not on every page', () => {
    const markdown = createSiteMarkdown(
      [{ 'pymdownx.snippets': { base_path: site, auto_append: ['gone.md'] } }],
      '.',
    );
    const first = convertMarkdown('One', { site: markdown });
    const second = convertMarkdown('<div markdown>\nTwo\n</div>', { site: markdown });
    expect(first.warnings).toEqual([
      `pymdownx.snippets: auto_append snippet "gone.md" not found under ${site}; not appended to any of the 1 page`,
    ]);
    expect(second.warnings).toEqual(first.warnings);
  });
});
