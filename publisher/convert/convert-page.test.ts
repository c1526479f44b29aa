import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { type ConvertMarkdownOptions, convertMarkdown } from './convert-page.ts';

const NAMESPACES =
  'xmlns:ac="http://atlassian.com/content" xmlns:ri="http://atlassian.com/resource/identifier"';

/** Converts and checks that the result is well-formed XML, as every test here relies on. */
function convert(markdown: string, options: ConvertMarkdownOptions = {}) {
  const result = convertMarkdown(markdown, options);
  const validation = XMLValidator.validate(`<root ${NAMESPACES}>${result.storage}</root>`);
  expect(validation, `not well-formed: ${result.storage}`).toBe(true);
  return result;
}

function codeBodies(storage: string): string[] {
  const parser = new XMLParser({
    cdataPropName: '__cdata',
    ignoreAttributes: false,
    isArray: (name) => name === 'ac:structured-macro',
  });
  const tree = parser.parse(`<root>${storage}</root>`) as {
    root: { 'ac:structured-macro': Array<Record<string, unknown>> };
  };
  return tree.root['ac:structured-macro'].map((macro) => {
    const body = macro['ac:plain-text-body'] as { __cdata: string | string[] };
    return Array.isArray(body.__cdata) ? body.__cdata.join('') : body.__cdata;
  });
}

describe('convertMarkdown: text and structure', () => {
  it('turns headings, emphasis and paragraphs into h, strong, em and p', () => {
    const { storage } = convert('# Title\n\nSome **bold** and *italic* and ~~gone~~ and `code`.\n\n---');
    expect(storage).toBe(
      '<h1>Title</h1><p>Some <strong>bold</strong> and <em>italic</em> and <span style="text-decoration: line-through;">gone</span> and <code>code</code>.</p><hr/>',
    );
  });

  it('renders lists, ordered lists that start later, and task lists as Confluence tasks', () => {
    const { storage } = convert('- a\n- b\n\n3. c\n4. d\n\n- [x] done\n- [ ] todo');
    expect(storage).toContain('<ul><li>a</li><li>b</li></ul>');
    expect(storage).toContain('<ol start="3"><li>c</li><li>d</li></ol>');
    expect(storage).toContain(
      '<ac:task-list><ac:task><ac:task-status>complete</ac:task-status><ac:task-body>done</ac:task-body></ac:task><ac:task><ac:task-status>incomplete</ac:task-status><ac:task-body>todo</ac:task-body></ac:task></ac:task-list>',
    );
  });

  it('renders tables with a header row', () => {
    const { storage } = convert('| A | B |\n|---|:-:|\n| 1 | **2** |');
    expect(storage).toBe(
      '<table><tbody><tr><th>A</th><th>B</th></tr><tr><td>1</td><td><strong>2</strong></td></tr></tbody></table>',
    );
  });

  it('keeps plain block quotes as block quotes', () => {
    expect(convert('> just a quote').storage).toBe('<blockquote><p>just a quote</p></blockquote>');
  });

  it('numbers footnotes in order of reference and lists them at the end', () => {
    const { storage } = convert('B[^b] then A[^a].\n\n[^a]: Note A.\n[^b]: Note B.');
    expect(storage).toBe(
      '<p>B<sup>1</sup> then A<sup>2</sup>.</p><hr/><ol><li><p>Note B.</p></li><li><p>Note A.</p></li></ol>',
    );
  });
});

describe('convertMarkdown: code blocks', () => {
  it('emits the code macro with the language and a CDATA body', () => {
    const { storage } = convert('```python title="app.py" linenums="1"\nprint("hi") < 3 & 4\n```');
    expect(storage).toBe(
      '<ac:structured-macro ac:name="code"><ac:parameter ac:name="language">python</ac:parameter><ac:parameter ac:name="title">app.py</ac:parameter><ac:parameter ac:name="linenumbers">true</ac:parameter><ac:plain-text-body><![CDATA[print("hi") < 3 & 4]]></ac:plain-text-body></ac:structured-macro>',
    );
  });

  it('splits ]]> inside code across CDATA sections so the code survives exactly', () => {
    const code = 'a = "]]>";\nb = "]]]]>"; // ]]> again';
    const { storage } = convert(`\`\`\`js\n${code}\n\`\`\``);
    expect(storage).not.toMatch(/CDATA\[[^\]]*\]\]>";/);
    expect(codeBodies(storage)).toEqual([code]);
  });

  it('leaves the language out when the fence has none, and reads attribute-list fences', () => {
    expect(convert('```\nplain\n```').storage).not.toContain('ac:name="language"');
    expect(convert('``` { .yaml title="x.yml" }\na: 1\n```').storage).toContain(
      '<ac:parameter ac:name="language">yaml</ac:parameter><ac:parameter ac:name="title">x.yml</ac:parameter>',
    );
  });
});

describe('convertMarkdown: admonitions', () => {
  const panel = (markdown: string) => /ac:name="(\w+)"/.exec(convert(markdown).storage)?.[1];

  it('maps MkDocs types to panels by colour: warning is the yellow note, danger the red warning', () => {
    expect(panel('!!! note\n    x')).toBe('info');
    expect(panel('!!! info\n    x')).toBe('info');
    expect(panel('!!! tip\n    x')).toBe('tip');
    expect(panel('!!! success\n    x')).toBe('tip');
    expect(panel('!!! warning\n    x')).toBe('note');
    expect(panel('!!! caution\n    x')).toBe('note');
    expect(panel('!!! danger\n    x')).toBe('warning');
    expect(panel('!!! bug\n    x')).toBe('warning');
    expect(panel('!!! whatever\n    x')).toBe('info');
  });

  it('maps GitHub alerts the same way', () => {
    expect(panel('> [!NOTE]\n> x')).toBe('info');
    expect(panel('> [!TIP]\n> x')).toBe('tip');
    expect(panel('> [!IMPORTANT]\n> x')).toBe('info');
    expect(panel('> [!WARNING]\n> x')).toBe('note');
    expect(panel('> [!CAUTION]\n> x')).toBe('warning');
  });

  it('carries titles: explicit, default, or none for an empty title', () => {
    expect(convert('!!! note "Read me"\n    Body *here*.').storage).toBe(
      '<ac:structured-macro ac:name="info"><ac:parameter ac:name="title">Read me</ac:parameter><ac:rich-text-body><p>Body <em>here</em>.</p></ac:rich-text-body></ac:structured-macro>',
    );
    expect(convert('!!! warning\n    x').storage).toContain(
      '<ac:parameter ac:name="title">Warning</ac:parameter>',
    );
    expect(convert('!!! note ""\n    x').storage).not.toContain('ac:name="title"');
    expect(convert('> [!CAUTION]\n> Hot.').storage).toBe(
      '<ac:structured-macro ac:name="warning"><ac:parameter ac:name="title">Caution</ac:parameter><ac:rich-text-body><p>Hot.</p></ac:rich-text-body></ac:structured-macro>',
    );
  });

  it('wraps collapsible admonitions in an expand macro and nests admonitions', () => {
    const { storage } = convert(
      '??? tip "More"\n    Outer.\n\n    !!! danger\n        Inner.\n\n        ```sh\n        rm -rf /\n        ```\n\nAfter.',
    );
    expect(storage).toMatch(
      /^<ac:structured-macro ac:name="expand"><ac:parameter ac:name="title">More<\/ac:parameter><ac:rich-text-body><ac:structured-macro ac:name="tip">/,
    );
    expect(storage).toContain(
      '<ac:structured-macro ac:name="warning"><ac:parameter ac:name="title">Danger</ac:parameter><ac:rich-text-body><p>Inner.</p><ac:structured-macro ac:name="code">',
    );
    expect(
      codeBodies(
        storage
          .replace(/^.*?(<ac:structured-macro ac:name="code">)/s, '$1')
          .replace(/<\/ac:rich-text-body>.*$/s, ''),
      ),
    ).toEqual(['rm -rf /']);
    expect(storage.endsWith('<p>After.</p>')).toBe(true);
    expect(convert('???+ note\n    Open.').storage).toMatch(/^<ac:structured-macro ac:name="info">/);
  });

  it('leaves admonition syntax inside fenced code alone', () => {
    const { storage } = convert('```\n!!! note\n    not an admonition\n```');
    expect(codeBodies(storage)).toEqual(['!!! note\n    not an admonition']);
  });

  it('finds admonitions inside list items', () => {
    const { storage } = convert('1. Step one\n\n    !!! warning\n        Careful.\n\n2. Step two');
    expect(storage).toContain('<li><p>Step one</p><ac:structured-macro ac:name="note">');
    expect(storage).toContain('<li><p>Step two</p></li>');
  });
});

describe('convertMarkdown: links, images and escaping', () => {
  const site = {
    sourcePath: 'guide/setup.md',
    pageTitles: {
      'guide/setup.md': 'Setup',
      'guide/other.md': 'Other & "more"',
      'index.md': 'Home',
      'guide/index.md': 'Guide',
    },
    files: ['guide/img/a.png', 'img/a.png', 'files/report.pdf', 'guide/unlisted.md'],
  };

  it('links pages by title with the anchor, and anchors on the same page', () => {
    const { storage } = convert(
      '[next](other.md#step-2) [top](#intro) [home](../index.md) [guide](./)',
      site,
    );
    expect(storage).toBe(
      '<p><ac:link ac:anchor="step-2"><ri:page ri:content-title="Other &amp; &quot;more&quot;"/><ac:plain-text-link-body><![CDATA[next]]></ac:plain-text-link-body></ac:link> <ac:link ac:anchor="intro"><ac:plain-text-link-body><![CDATA[top]]></ac:plain-text-link-body></ac:link> <ac:link><ri:page ri:content-title="Home"/><ac:plain-text-link-body><![CDATA[home]]></ac:plain-text-link-body></ac:link> <ac:link><ri:page ri:content-title="Guide"/><ac:plain-text-link-body><![CDATA[guide]]></ac:plain-text-link-body></ac:link></p>',
    );
  });

  it('uses a rich link body when the link text has markup', () => {
    expect(convert('[**bold** link](other.md)', site).storage).toContain(
      '<ac:link-body><strong>bold</strong> link</ac:link-body>',
    );
  });

  it('keeps external links, escaping the address', () => {
    expect(convert('[x](https://example.com/?a=1&b="2" "A <title>")').storage).toBe(
      '<p><a href="https://example.com/?a=1&amp;b=&quot;2&quot;" title="A &lt;title&gt;">x</a></p>',
    );
  });

  it('names image attachments from their docs-relative path, so equal file names do not collide', () => {
    const result = convert(
      '![a](img/a.png) ![b](../img/a.png "B") ![c](https://cdn.example.com/c.png)',
      site,
    );
    expect(result.storage).toBe(
      '<p><ac:image ac:alt="a"><ri:attachment ri:filename="guide_img_a.png"/></ac:image> <ac:image ac:alt="b" ac:title="B"><ri:attachment ri:filename="img_a.png"/></ac:image> <ac:image ac:alt="c"><ri:url ri:value="https://cdn.example.com/c.png"/></ac:image></p>',
    );
    expect(result.attachments).toEqual([
      { name: 'guide_img_a.png', path: 'guide/img/a.png' },
      { name: 'img_a.png', path: 'img/a.png' },
    ]);
  });

  it('attaches linked local files and reports missing ones', () => {
    const result = convert('[report](../files/report.pdf) ![gone](nope.png)', site);
    expect(result.storage).toContain('<ac:link><ri:attachment ri:filename="files_report.pdf"/>');
    expect(result.failures).toEqual(['line 1: image "nope.png" is left out: file not found: guide/nope.png']);
  });

  it('keeps links to pages outside the site as text, with a warning', () => {
    const result = convert('See [that](unlisted.md) and [js](javascript:alert(1)).', site);
    expect(result.storage).toBe('<p>See that and js.</p>');
    expect(result.warnings).toHaveLength(2);
    expect(result.warnings[0]).toMatch(/not a published page/);
  });

  it('adds anchor macros only to headings that links point at, with MkDocs slugs', () => {
    const { storage } = convert('[go](#install-run)\n\n## Install & Run\n\n## Other\n\n## Other', site);
    expect(storage).toContain(
      '<h2><ac:structured-macro ac:name="anchor"><ac:parameter ac:name="">install-run</ac:parameter></ac:structured-macro>Install &amp; Run</h2><h2>Other</h2><h2>Other</h2>',
    );
  });

  it('escapes every special character and replaces characters XML cannot hold', () => {
    const { storage } = convert('5 < 6 & "quotes" \'apos\' > \u0001 \uD800 end');
    expect(storage).toBe('<p>5 &lt; 6 &amp; "quotes" \'apos\' &gt; \uFFFD \uFFFD end</p>');
  });

  it('maps raw HTML to storage: keys as code, wrappers around their text, comments gone', () => {
    const result = convert(
      'Press <kbd>Ctrl</kbd>+<kbd>C</kbd><br>now.\n\n<div align="center">\nCentered &amp; done\n</div>\n\n<!-- hidden -->',
    );
    expect(result.storage).toBe(
      '<p>Press <code>Ctrl</code>+<code>C</code><br/>now.</p><p>Centered &amp; done</p>',
    );
    expect(result.warnings).toEqual([]);
  });

  it('reports raw HTML without a storage form with its line, keeping its text', () => {
    const result = convert(
      'Intro\n\nA <blink>blinking</blink> word.\n\n<iframe src="https://x.test/"></iframe>',
    );
    expect(result.storage).toBe('<p>Intro</p><p>A blinking word.</p>');
    expect(result.warnings).toEqual([
      'line 3: raw HTML <blink> has no storage form and is left out (its text is kept)',
      'line 5: raw HTML <iframe> has no storage form and is left out',
    ]);
  });

  it('takes the title from front matter, else the first level-1 heading', () => {
    expect(convert('---\ntitle: From meta\n---\n# Heading').title).toBe('From meta');
    expect(convert('Intro\n\n# Heading {#custom}').title).toBe('Heading');
    expect(convert('No heading').title).toBeUndefined();
  });

  it('is deterministic: the same input gives the same bytes', () => {
    const markdown =
      '# T\n\n!!! note\n    x\n\n| a |\n|---|\n| b |\n\n```c\nint x;\n```\n\n[l](other.md#a) ![i](img/a.png)';
    const first = convert(markdown, site).storage;
    for (let i = 0; i < 3; i++) expect(convert(markdown, site).storage).toBe(first);
  });
});
