import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { createSiteMarkdown } from '../markdown/index.ts';
import { convertMarkdown } from './convert-page.ts';

const NAMESPACES =
  'xmlns:ac="http://atlassian.com/content" xmlns:ri="http://atlassian.com/resource/identifier"';

/** Converts with the given `markdown_extensions` and checks the result is well-formed. */
function convert(markdown: string, extensions: unknown[], files: string[] = []) {
  const result = convertMarkdown(markdown, { site: createSiteMarkdown(extensions, '.'), files });
  expect(XMLValidator.validate(`<root ${NAMESPACES}>${result.storage}</root>`), result.storage).toBe(true);
  return result;
}

describe('convertMarkdown follows the markdown_extensions the site enables', () => {
  it('turns content tabs into one titled panel per tab, content parsed as Markdown', () => {
    const { storage } = convert(
      '=== "Python"\n\n    ```py\n    x = 1\n    ```\n\n=== "Table"\n\n    | a |\n    |---|\n    | 1 |',
      ['pymdownx.tabbed', 'pymdownx.superfences'],
    );
    expect(storage).toBe(
      '<ac:structured-macro ac:name="panel"><ac:parameter ac:name="title">Python</ac:parameter><ac:rich-text-body><ac:structured-macro ac:name="code"><ac:parameter ac:name="language">py</ac:parameter><ac:plain-text-body><![CDATA[x = 1]]></ac:plain-text-body></ac:structured-macro></ac:rich-text-body></ac:structured-macro>' +
        '<ac:structured-macro ac:name="panel"><ac:parameter ac:name="title">Table</ac:parameter><ac:rich-text-body><table><tbody><tr><th>a</th></tr><tr><td>1</td></tr></tbody></table></ac:rich-text-body></ac:structured-macro>',
    );
  });

  it('leaves the syntax of an extension the site does not enable as text, as MkDocs does', () => {
    expect(convert('=== "Tab"\n    text', ['admonition']).storage).toBe(
      '<p>=== &quot;Tab&quot;\ntext</p>'.replace(/&quot;/g, '"'),
    );
    expect(convert('H~2~O and ~~gone~~', []).storage).toBe('<p>H~2~O and ~~gone~~</p>');
  });

  it('reads /// blocks: admonition, details, tab, and reports unknown blocks with their line, content kept', () => {
    const extensions = ['pymdownx.blocks.admonition', 'pymdownx.blocks.details', 'pymdownx.blocks.tab'];
    const result = convert(
      '/// warning | Careful\nBody\n///\n\n/// details | More\n    open: true\nHidden\n///\n\n/// tab | One\nA\n///\n\n/// caption\nA caption\n///',
      extensions,
    );
    expect(result.storage).toBe(
      '<ac:structured-macro ac:name="note"><ac:parameter ac:name="title">Careful</ac:parameter><ac:rich-text-body><p>Body</p></ac:rich-text-body></ac:structured-macro>' +
        '<ac:structured-macro ac:name="expand"><ac:parameter ac:name="title">More</ac:parameter><ac:rich-text-body><p>Hidden</p></ac:rich-text-body></ac:structured-macro>' +
        '<ac:structured-macro ac:name="panel"><ac:parameter ac:name="title">One</ac:parameter><ac:rich-text-body><p>A</p></ac:rich-text-body></ac:structured-macro>' +
        '<p>A caption</p>',
    );
    expect(result.warnings).toEqual(['line 14: block "/// caption" is not converted; its content is kept']);
  });

  it('takes heading ids from attr_list and sizes and aligns images, leaking no braces', () => {
    const result = convert(
      '## Install { #setup }\n\n![Shot](shot.png){ width="300" align=left }\n\nText { .lead }',
      ['attr_list'],
      ['shot.png'],
    );
    expect(result.headings).toEqual([{ level: 2, id: 'setup', text: 'Install' }]);
    expect(result.storage).toBe(
      '<h2>Install</h2><p><ac:image ac:alt="Shot" ac:width="300" ac:align="left"><ri:attachment ri:filename="shot.png"/></ac:image></p><p>Text</p>',
    );
  });

  it('gives headings the ids MkDocs gives them, duplicates numbered', () => {
    const { headings } = convert('# Setup & Run (v2)\n\n## Setup & Run (v2)', []);
    expect(headings.map((heading) => heading.id)).toEqual(['setup-run-v2', 'setup-run-v2_1']);
  });

  it('converts definition lists, abbreviations (expanded) and footnotes', () => {
    const { storage } = convert(
      'Term\n:   Definition\n\nThe HTML spec.[^1]\n\n*[HTML]: Hyper Text Markup Language\n[^1]: A note.',
      ['def_list', 'abbr', 'footnotes'],
    );
    expect(storage).toBe(
      '<dl><dt>Term</dt><dd>Definition</dd></dl><p>The HTML (Hyper Text Markup Language) spec.<sup>1</sup></p><hr/><ol><li><p>A note.</p></li></ol>',
    );
  });

  it('converts emoji to Unicode, reports theme icons, and renders keys, mark, caret and tilde', () => {
    const result = convert(
      ':smile: :material-check: ++ctrl+alt+del++ ==marked== ^^inserted^^ x^2^ H~2~O ~~gone~~',
      ['pymdownx.emoji', 'pymdownx.keys', 'pymdownx.mark', 'pymdownx.caret', 'pymdownx.tilde'],
    );
    expect(result.storage).toBe(
      '<p>\u{1F604}  <code>Ctrl</code>+<code>Alt</code>+<code>Del</code> <span style="background-color: rgb(254,250,192);">marked</span> <u>inserted</u> x<sup>2</sup> H<sub>2</sub>O <span style="text-decoration: line-through;">gone</span></p>',
    );
    expect(result.warnings).toEqual(['line 1: icon :material-check: has no Unicode form and is left out']);
  });

  it('keeps math as TeX: a code macro for blocks, code for inline math', () => {
    const { storage } = convert('$$\nE = mc^2\n$$\n\nInline $a+b$ here.', ['pymdownx.arithmatex']);
    expect(storage).toBe(
      '<ac:structured-macro ac:name="code"><ac:parameter ac:name="language">latex</ac:parameter><ac:parameter ac:name="title">Math</ac:parameter><ac:plain-text-body><![CDATA[E = mc^2]]></ac:plain-text-body></ac:structured-macro><p>Inline <code>a+b</code> here.</p>',
    );
  });

  it('turns callouts (NOTE: paragraphs and > TIP: quotes) into panels titled as markdown-callouts does', () => {
    // Not on the first line: MkDocs reads `NOTE: …` there as page metadata.
    const { storage } = convert('# Notes\n\nNOTE: Plain.\n\n> TIP: **New in 1.4.**\n>\n> Quoted.', [
      'callouts',
    ]);
    expect(storage).toBe(
      '<h1>Notes</h1>' +
        '<ac:structured-macro ac:name="info"><ac:parameter ac:name="title">Note</ac:parameter><ac:rich-text-body><p>Plain.</p></ac:rich-text-body></ac:structured-macro>' +
        '<ac:structured-macro ac:name="tip"><ac:parameter ac:name="title">New in 1.4</ac:parameter><ac:rich-text-body><p>Quoted.</p></ac:rich-text-body></ac:structured-macro>',
    );
  });

  it('converts raw <img>, <figure>, <details> and a table nested in a table cell', () => {
    const result = convert(
      '<figure><img src="a.png" alt="A" width="200"><figcaption>Caption</figcaption></figure>\n\n<details><summary>More</summary><p>Hidden</p></details>\n\n<table><tr><td>outer<table><tr><td>inner</td></tr></table></td></tr></table>',
      ['md_in_html'],
      ['a.png'],
    );
    expect(result.storage).toBe(
      '<p><ac:image ac:alt="A" ac:width="200"><ri:attachment ri:filename="a.png"/></ac:image></p><p><em>Caption</em></p>' +
        '<ac:structured-macro ac:name="expand"><ac:parameter ac:name="title">More</ac:parameter><ac:rich-text-body><p>Hidden</p></ac:rich-text-body></ac:structured-macro>' +
        '<table><tbody><tr><td><p>outer</p><table><tbody><tr><td><p>inner</p></td></tr></tbody></table></td></tr></tbody></table>',
    );
    expect(result.warnings).toEqual([]);
  });

  it('links magiclink repository shorthand: @owner/repo, full commit hashes and comparisons', () => {
    const sha = '478b410a2199d55f3e70b452516511d3810c61a5';
    const other = '7d1b1902ea7fe00043a249564ed5032f08dd7152';
    const magiclink = { 'pymdownx.magiclink': { repo_url_shorthand: true, user: 'me', repo: 'tool' } };
    const { storage } = convert(
      `See @Ranks/emojione, @bitbucket:ned/coveragepy, @gitlab:someone, ${sha}, ${sha}...${other} and x/y@${sha}; not patterns.It`,
      [magiclink],
    );
    expect(storage).toBe(
      '<p>See <a href="https://github.com/Ranks/emojione">Ranks/emojione</a>, ' +
        '<a href="https://bitbucket.org/ned/coveragepy">ned/coveragepy</a>, <a href="https://gitlab.com/someone">@someone</a>, ' +
        `<a href="https://github.com/me/tool/commit/${sha}">478b410</a>, ` +
        `<a href="https://github.com/me/tool/compare/${sha}...${other}">478b410...7d1b190</a> and ` +
        `<a href="https://github.com/x/y/commit/${sha}">x/y@478b410</a>; not patterns.It</p>`,
    );
  });

  it('drops the language marker of inlinehilite code and reads attr_list ids with backslashes', () => {
    expect(convert('Run `#!py3 import x` now', ['pymdownx.inlinehilite']).storage).toBe(
      '<p>Run <code>import x</code> now</p>',
    );
    const { headings } = convert('# 6.0 Notes {: #\\6.0}', ['attr_list']);
    expect(headings.map((heading) => heading.id)).toEqual(['\\6.0']);
  });

  it('keeps a pipe inside a code span of a table cell in the cell, as Python-Markdown does', () => {
    const { storage } = convert('Name | Meaning\n--- | ---\n`a|b` | one `|` or the other\n', ['tables']);
    expect(storage).toBe(
      '<table><tbody><tr><th>Name</th><th>Meaning</th></tr>' +
        '<tr><td><code>a|b</code></td><td>one <code>|</code> or the other</td></tr></tbody></table>',
    );
  });

  it("reads codehilite's language line of an indented code block", () => {
    const { storage } = convert('Text\n\n    :::python\n    x = 1\n\nMore\n\n    #!/bin/sh\n    echo hi\n', [
      'codehilite',
    ]);
    expect(storage).toBe(
      '<p>Text</p><ac:structured-macro ac:name="code"><ac:parameter ac:name="language">python</ac:parameter><ac:plain-text-body><![CDATA[x = 1]]></ac:plain-text-body></ac:structured-macro>' +
        '<p>More</p><ac:structured-macro ac:name="code"><ac:parameter ac:name="language">sh</ac:parameter><ac:plain-text-body><![CDATA[#!/bin/sh\necho hi]]></ac:plain-text-body></ac:structured-macro>',
    );
  });

  it('applies smarty and smartsymbols typography outside code, as the site configures them', () => {
    expect(
      convert(`"Quoted" -- it's 3rd... (tm) 1/2 --> \`a--b\``, ['smarty', 'pymdownx.smartsymbols']).storage,
    ).toBe('<p>“Quoted” – it’s 3<sup>rd</sup>… ™ ½ → <code>a--b</code></p>');
    expect(convert('"Plain" -- 11th', [{ smarty: { smart_quotes: false } }]).storage).toBe(
      '<p>&quot;Plain&quot; – 11th</p>'.replace(/&quot;/g, '"'),
    );
  });

  it('knows the emojione spellings twemoji uses, such as :slight_smile:', () => {
    expect(convert('Globs :slight_smile:.', ['pymdownx.emoji']).storage).toBe('<p>Globs 🙂.</p>');
  });

  it('reads a /// block inside a list item, its body without the item indentation', () => {
    const extensions = [{ 'pymdownx.blocks.admonition': { types: ['new'] } }];
    expect(convert('-   Item\n\n    /// new | New 7.0\n    Restored.\n    ///\n', extensions).storage).toBe(
      '<ul><li><p>Item</p><ac:structured-macro ac:name="info"><ac:parameter ac:name="title">New 7.0</ac:parameter><ac:rich-text-body><p>Restored.</p></ac:rich-text-body></ac:structured-macro></li></ul>',
    );
  });

  it("reads indented code inside list items with Python-Markdown's 4-column item indentation", () => {
    const { storage } = convert(
      '* Item\n\n        :::pycon\n        >>> x\n\n1. Step\n\n        Bump version\n',
      ['codehilite'],
    );
    expect(storage).toBe(
      '<ul><li><p>Item</p><ac:structured-macro ac:name="code"><ac:parameter ac:name="language">pycon</ac:parameter><ac:plain-text-body><![CDATA[>>> x]]></ac:plain-text-body></ac:structured-macro></li></ul>' +
        '<ol><li><p>Step</p><ac:structured-macro ac:name="code"><ac:plain-text-body><![CDATA[Bump version]]></ac:plain-text-body></ac:structured-macro></li></ol>',
    );
  });

  it("reads indented code inside definitions with Python-Markdown's 4-column body indentation, containers afresh", () => {
    const { storage } = convert(
      'Term\n\n:   Text.\n\n        :::python\n        if x:\n            x = 1\n\n    !!! note\n        Body\n\n            if y:\n                y = 2\n',
      ['def_list', 'codehilite', 'admonition'],
    );
    expect(storage).toBe(
      '<dl><dt>Term</dt><dd><p>Text.</p><ac:structured-macro ac:name="code"><ac:parameter ac:name="language">python</ac:parameter><ac:plain-text-body><![CDATA[if x:\n    x = 1]]></ac:plain-text-body></ac:structured-macro>' +
        '<ac:structured-macro ac:name="info"><ac:parameter ac:name="title">Note</ac:parameter><ac:rich-text-body><p>Body</p><ac:structured-macro ac:name="code"><ac:plain-text-body><![CDATA[if y:\n    y = 2]]></ac:plain-text-body></ac:structured-macro></ac:rich-text-body></ac:structured-macro></dd></dl>',
    );
  });

  it('reads a definition after raw HTML with that HTML as its term, and after a heading without a term', () => {
    const html = convert('<!-- md:option -->\n:   Set it.\n', ['def_list']);
    expect(html.storage).toBe('<dl><dt></dt><dd><p>Set it.</p></dd></dl>');
    const heading = convert(
      '### Method\n\n:   Adds an item.\n\n    Arguments:\n\n    * one\n\n:   More.\n\nAfter',
      ['def_list'],
    );
    expect(heading.storage).toBe(
      '<h3>Method</h3><dl><dd><p>Adds an item.</p><p>Arguments:</p><ul><li>one</li></ul></dd><dd><p>More.</p></dd></dl><p>After</p>',
    );
    expect(heading.warnings).toEqual([]);
  });
});
