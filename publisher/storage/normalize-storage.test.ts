import { describe, expect, it } from 'vitest';
import { convertMarkdown } from '../convert/index.ts';
import { rewriteOnSave } from '../emulator/index.ts';
import { normalizeStorage, sameStorage } from './normalize-storage.ts';

describe('normalizeStorage', () => {
  it('treats what Confluence adds on save as no change', () => {
    const ours = convertMarkdown(
      '# T\n\n!!! note\n    x<br>y\n\n- [ ] task\n\n| a |\n|---|\n| b |\n\n```js\nlet a = "]]>";\n```',
    ).storage;
    let id = 0;
    const stored = rewriteOnSave(ours, () => ++id);
    expect(stored).not.toBe(ours);
    expect(sameStorage(ours, stored)).toBe(true);
  });

  it('ignores whitespace between tags, attribute order, quoting style and entity spelling', () => {
    const a =
      '<p>Hello&nbsp;<strong>world</strong></p>\n<ac:image ac:alt="x" ac:title="t"><ri:url ri:value="u"/></ac:image>';
    const b =
      '  <p>Hello&#160;<strong>world</strong></p><ac:image ac:title=\'t\' ac:alt="x"><ri:url ri:value="u"></ri:url></ac:image> ';
    expect(normalizeStorage(a)).toBe(normalizeStorage(b));
  });

  it('compares CDATA and escaped text alike, and joins split CDATA sections', () => {
    const a = '<ac:plain-text-body><![CDATA[a]]]]><![CDATA[>b]]></ac:plain-text-body>';
    const b = '<ac:plain-text-body>a]]&gt;b\n</ac:plain-text-body>';
    expect(sameStorage(a, b)).toBe(true);
  });

  it('sorts macro parameters and drops server ids, colgroups and task ids', () => {
    const a =
      '<ac:structured-macro ac:name="code" ac:macro-id="1" ac:schema-version="1"><ac:parameter ac:name="title">t</ac:parameter><ac:parameter ac:name="language">js</ac:parameter></ac:structured-macro><table data-layout="default"><colgroup><col/></colgroup><tbody><tr><td><p>x</p></td></tr></tbody></table>';
    const b =
      '<ac:structured-macro ac:name="code"><ac:parameter ac:name="language">js</ac:parameter><ac:parameter ac:name="title">t</ac:parameter></ac:structured-macro><table><tbody><tr><td>x</td></tr></tbody></table>';
    expect(sameStorage(a, b)).toBe(true);
  });

  it('ignores what Confluence adds when it resolves links and images', () => {
    const ours =
      '<ac:link><ri:page ri:content-title="A"/></ac:link><ac:image><ri:attachment ri:filename="x.png"/></ac:image>';
    const stored =
      '<ac:link><ri:page ri:space-key="DOCS" ri:content-title="A" /></ac:link><ac:image ac:original-width="640" ac:original-height="480"><ri:attachment ri:filename="x.png" ri:version-at-save="2" /></ac:image>';
    expect(sameStorage(ours, stored)).toBe(true);
  });

  it('still sees real changes: text, code whitespace, attributes, structure', () => {
    expect(sameStorage('<p>a</p>', '<p>b</p>')).toBe(false);
    expect(
      sameStorage(
        '<ac:plain-text-body><![CDATA[a  b]]></ac:plain-text-body>',
        '<ac:plain-text-body><![CDATA[a b]]></ac:plain-text-body>',
      ),
    ).toBe(false);
    expect(sameStorage('<a href="x">l</a>', '<a href="y">l</a>')).toBe(false);
    expect(sameStorage('<p><em>a</em></p>', '<p><strong>a</strong></p>')).toBe(false);
    expect(
      sameStorage(
        '<ac:parameter ac:name="title">A</ac:parameter>',
        '<ac:parameter ac:name="title">B</ac:parameter>',
      ),
    ).toBe(false);
  });

  it('never throws on malformed input', () => {
    expect(() => normalizeStorage('<p><b>unclosed</p></i> < & <![CDATA[x')).not.toThrow();
    expect(normalizeStorage('<p>a < b</p>')).toBe('<p>a &lt; b</p>');
  });
});
