import { describe, expect, it } from 'vitest';
import { createSiteMarkdown } from '../markdown/index.ts';
import { convertMarkdown } from './convert-page.ts';

function convert(markdown: string): string {
  return convertMarkdown(markdown, { site: createSiteMarkdown([], '.'), files: [] }).storage;
}

describe('reference links as Python-Markdown reads them', () => {
  it('reads `[text]` and `[label]` separated by a line break or a space as one link', () => {
    const definition = '\n\n[site]: https://example.org "Example"';
    expect(convert(`See [the *site*]\n[site] now.${definition}`)).toBe(
      '<p>See <a href="https://example.org" title="Example">the <em>site</em></a> now.</p>',
    );
    expect(convert(`See [the site] [site].${definition}`)).toBe(
      '<p>See <a href="https://example.org" title="Example">the site</a>.</p>',
    );
    expect(convert(`See [site] [].${definition}`)).toBe(
      '<p>See <a href="https://example.org" title="Example">site</a>.</p>',
    );
  });

  it('keeps CommonMark reading where the label is undefined or the gap is wider', () => {
    expect(convert('[a] [b]')).toBe('<p>[a] [b]</p>');
    expect(convert('[a]  [b]\n\n[b]: https://example.org')).toBe(
      '<p>[a]  <a href="https://example.org">b</a></p>',
    );
  });

  it('takes a reference definition out of the middle of a paragraph, the lines after it a new paragraph', () => {
    expect(convert('Adheres to the\n[Spec]: https://example.org/spec\nSee [Spec].')).toBe(
      '<p>Adheres to the</p><p>See <a href="https://example.org/spec">Spec</a>.</p>',
    );
    expect(convert('Text [not]: a definition')).toBe('<p>Text [not]: a definition</p>');
  });
});
