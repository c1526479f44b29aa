import { describe, expect, it } from 'vitest';
import { createSiteMarkdown } from '../markdown/index.ts';
import { convertMarkdown } from './convert-page.ts';

function convert(markdown: string, extensions: unknown[]): string {
  return convertMarkdown(markdown, { site: createSiteMarkdown(extensions, '.'), files: [] }).storage;
}

describe('pymdownx.progressbar', () => {
  it('shows the bar as ten segments filled to the nearest 10 %, then its label', () => {
    expect(convert('[=44% "Almost <half>"]', ['pymdownx.progressbar'])).toBe(
      '<p>▰▰▰▰▱▱▱▱▱▱ Almost &lt;half&gt;</p>',
    );
    expect(convert("[==3/4 'Three quarters']", ['pymdownx.progressbar'])).toBe(
      '<p>▰▰▰▰▰▰▰▰▱▱ Three quarters</p>',
    );
  });

  it('caps fractions at 100 %, drops an attribute list after the bar, and shows no label when none is given', () => {
    expect(convert('[=9/4]{: .thin} done', ['pymdownx.progressbar', 'attr_list'])).toBe(
      '<p>▰▰▰▰▰▰▰▰▰▰ done</p>',
    );
    expect(convert('[=0%]', ['pymdownx.progressbar'])).toBe('<p>▱▱▱▱▱▱▱▱▱▱</p>');
  });

  it('leaves the syntax as text when the site does not enable the extension', () => {
    expect(convert('[=50% "Half"]', [])).toBe('<p>[=50% &quot;Half&quot;]</p>'.replace(/&quot;/g, '"'));
  });
});
