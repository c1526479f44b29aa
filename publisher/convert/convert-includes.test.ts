import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteMarkdown, siteMarkdownWarnings } from '../markdown/index.ts';
import { convertMarkdown } from './convert-page.ts';

let site: string;
const lines = (name: string, count = 10) =>
  Array.from({ length: count }, (_, n) => `print("${name} ${n + 1}")`).join('\n');
const code = (language: string, body: string, title?: string) =>
  `<ac:structured-macro ac:name="code"><ac:parameter ac:name="language">${language}</ac:parameter>${title ? `<ac:parameter ac:name="title">${title}</ac:parameter>` : ''}<ac:plain-text-body><![CDATA[${body}]]></ac:plain-text-body></ac:structured-macro>`;
const panel = (title: string, body: string) =>
  `<ac:structured-macro ac:name="panel"><ac:parameter ac:name="title">${title}</ac:parameter><ac:rich-text-body>${body}</ac:rich-text-body></ac:structured-macro>`;
const expand = (title: string, body: string) =>
  `<ac:structured-macro ac:name="expand"><ac:parameter ac:name="title">${title}</ac:parameter><ac:rich-text-body>${body}</ac:rich-text-body></ac:structured-macro>`;

beforeAll(async () => {
  site = await mkdtemp(path.join(tmpdir(), 'wiki-includes-'));
  await mkdir(path.join(site, 'docs_src', 'app'), { recursive: true });
  await mkdir(path.join(site, 'docs_src', 'solo'), { recursive: true });
  for (const suffix of ['', '_py310', '_an', '_an_py310'])
    await writeFile(
      path.join(site, 'docs_src', 'app', `tutorial001${suffix}.py`),
      `${lines(`v${suffix}`)}\n`,
    );
  await writeFile(path.join(site, 'docs_src', 'solo', 'main.py'), `${lines('solo', 3)}\n`);
  await writeFile(path.join(site, 'docs_src', 'settings.toml'), 'debug = true\n');
  await writeFile(path.join(site, 'part.md'), 'Included *text*.\n{! docs_src/settings.toml !}\n');
});
afterAll(async () => {
  await rm(site, { recursive: true, force: true });
});

const FASTAPI = [
  'admonition',
  'pymdownx.superfences',
  'pymdownx.blocks.tab',
  'pymdownx.blocks.details',
  { 'pymdownx.blocks.admonition': { types: ['tip'] } },
  { mdx_include: { base_path: '.' } },
  'markdown_include_variants',
];

describe('includes', () => {
  it('replaces {! file !} with the file: Markdown where it stands, code inside a fence, nested includes read', () => {
    const markdown = createSiteMarkdown([{ mdx_include: { base_path: '.' } }], site);
    const result = convertMarkdown(
      '{! part.md !}\n\n```py\n{! docs_src/solo/main.py [ln:2-3] !}\n```\n\n\\{! part.md !}',
      { site: markdown },
    );
    expect(result.storage).toBe(
      `<p>Included <em>text</em>.\ndebug = true</p>${code('py', 'print("solo 2")\nprint("solo 3")')}<p>{! part.md !}</p>`,
    );
    expect(result.warnings).toEqual([]);
  });

  it('warns with the page line for a missing file and for a remote include, leaving them out', () => {
    const markdown = createSiteMarkdown(['mdx_include'], site);
    const result = convertMarkdown('Intro\n\n{! gone.md !}\n\n{! https://example.com/x.md !}', {
      site: markdown,
    });
    expect(result.storage).toBe('<p>Intro</p>');
    expect(result.warnings).toEqual([
      `line 3: mdx_include: file not found: gone.md (under ${site}); left out`,
      'line 5: mdx_include: remote include https://example.com/x.md is not fetched; left out',
    ]);
  });

  it('names mdx_include, not include, for options it does not follow, once for the site', () => {
    const markdown = createSiteMarkdown(
      [{ mdx_include: { base_path: '.', syntax_left: '\\{@', cache_dir: '/tmp' } }],
      site,
    );
    expect(markdown.extensions.unknown).toEqual([]);
    expect(siteMarkdownWarnings(markdown, 3)).toEqual([
      'mdx_include: option syntax_left is not followed; the default syntax is read',
      'mdx_include: option cache_dir is not followed',
    ]);
  });

  it("turns FastAPI's {* … *} into the preferred variant's code, highlighted lines named, other variants as titled panels", () => {
    const markdown = createSiteMarkdown(FASTAPI, site);
    const result = convertMarkdown('{* docs_src/app/tutorial001_an_py310.py hl[2,5:6] *}', {
      site: markdown,
    });
    const tip =
      '<ac:structured-macro ac:name="tip"><ac:parameter ac:name="title">Tip</ac:parameter><ac:rich-text-body><p>Prefer to use the <code>Annotated</code> version if possible.</p></ac:rich-text-body></ac:structured-macro>';
    expect(result.storage).toBe(
      panel('Python 3.10+', code('python', lines('v_an_py310'), 'Lines 2, 5-6 highlighted')) +
        expand(
          '🤓 Other versions and variants',
          panel('Python 3.8+', code('python', lines('v_an'))) +
            panel('Python 3.10+ - non-Annotated', tip + code('python', lines('v_py310'))) +
            panel('Python 3.8+ - non-Annotated', tip + code('python', lines('v'))),
        ),
    );
    expect(result.warnings).toEqual([]);
  });

  it('takes ln[…] lines with the omitted-code comments, renumbers hl[…], and adds the full file preview', () => {
    const markdown = createSiteMarkdown(FASTAPI, site);
    const result = convertMarkdown('{* docs_src/solo/main.py ln[2] hl[2] *}', { site: markdown });
    expect(result.storage).toBe(
      panel(
        'Python 3.8+',
        code(
          'python',
          '# Code above omitted 👆\n\nprint("solo 2")\n\n# Code below omitted 👇',
          'Line 3 highlighted',
        ),
      ) +
        expand(
          '👀 Full file preview',
          panel('Python 3.8+', code('python', lines('solo', 3), 'Line 2 highlighted')),
        ),
    );
  });

  it('warns when the file of a {* … *} line does not exist', () => {
    const markdown = createSiteMarkdown(FASTAPI, site);
    const result = convertMarkdown('Text\n\n{* docs_src/none.py *}', { site: markdown });
    expect(result.storage).toBe('<p>Text</p>');
    expect(result.warnings).toEqual([
      `line 3: markdown_include_variants: no file docs_src/none.py (nor a variant of it) under ${site}; left out`,
    ]);
  });
});
