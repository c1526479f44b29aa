import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { createSiteMarkdown } from '../markdown/index.ts';
import { convertMarkdown } from './convert-page.ts';

/** Converts with the given `markdown_extensions` and checks the result is well-formed. */
function convert(markdown: string, extensions: unknown[]): string {
  const { storage } = convertMarkdown(markdown, { site: createSiteMarkdown(extensions, '.'), files: [] });
  expect(XMLValidator.validate(`<root>${storage}</root>`), storage).toBe(true);
  return storage;
}

const FANCY = ['pymdownx.fancylists', 'pymdownx.saneheaders'];

describe('pymdownx.fancylists', () => {
  it('reads alphabetical, Roman and generic markers as ordered lists with their type and start', () => {
    expect(convert('c.  three\nd.  four', FANCY)).toBe(
      '<ol start="3" type="a"><li>three</li><li>four</li></ol>',
    );
    expect(convert('IV. four\nV.  five', FANCY)).toBe(
      '<ol start="4" type="I"><li>four</li><li>five</li></ol>',
    );
    expect(convert('#.  one\n#.  two', FANCY)).toBe('<ol><li>one</li><li>two</li></ol>');
    expect(convert('i)  one\nii) two', FANCY)).toBe('<ol type="i"><li>one</li><li>two</li></ol>');
  });

  it('starts a new list when the type or the delimiter changes, and lets generic items inherit', () => {
    expect(convert('a.  x\nb.  y\n\nA.  X\n\n1.  n', FANCY)).toBe(
      '<ol type="a"><li>x</li><li>y</li></ol><ol type="A"><li>X</li></ol><ol><li>n</li></ol>',
    );
    expect(convert('i.  one\n#.  two\niii. three', FANCY)).toBe(
      '<ol type="i"><li>one</li><li>two</li><li>three</li></ol>',
    );
    expect(convert('a.  x\n\na)  y', FANCY)).toBe('<ol type="a"><li>x</li></ol><ol type="a"><li>y</li></ol>');
  });

  it('treats a single letter as the list type says: `v` continues a Roman list but starts an alphabetical one', () => {
    expect(convert('iv. four\nv.  five', FANCY)).toBe(
      '<ol start="4" type="i"><li>four</li><li>five</li></ol>',
    );
    expect(convert('v.  v\nw.  w', FANCY)).toBe('<ol start="22" type="a"><li>v</li><li>w</li></ol>');
  });

  it('keeps an initial followed by one space a sentence, and nests lists with their code', () => {
    expect(convert('B. Russell was a philosopher.', FANCY)).toBe('<p>B. Russell was a philosopher.</p>');
    expect(convert('Text\na.  not a list', FANCY)).toBe('<p>Text\na.  not a list</p>');
    expect(
      convert('1.  One\n    a.  Sub\n\n        ```\n        a.  code\n        ```', [
        ...FANCY,
        'fenced_code',
      ]),
    ).toBe(
      '<ol><li>One<ol type="a"><li><p>Sub</p><ac:structured-macro ac:name="code"><ac:plain-text-body><![CDATA[a.  code]]></ac:plain-text-body></ac:structured-macro></li></ol></li></ol>',
    );
  });

  it('follows the site: without the extension, or with fewer styles, the markers stay text', () => {
    expect(convert('a.  x\nb.  y', [])).toBe('<p>a.  x\nb.  y</p>');
    expect(
      convert('a.  x\n\ni.  y', [{ 'pymdownx.fancylists': { additional_ordered_styles: ['roman'] } }]),
    ).toBe('<p>a.  x</p><ol type="i"><li>y</li></ol>');
  });
});
