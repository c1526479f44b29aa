import { describe, expect, it } from 'vitest';
import { createSiteMarkdown } from '../markdown/index.ts';
import { convertMarkdown } from './convert-page.ts';

function convert(markdown: string, extensions: unknown[]) {
  return convertMarkdown(markdown, { site: createSiteMarkdown(extensions, '.'), files: [] });
}

describe('pymdownx.blocks.caption', () => {
  it('writes a caption after its table or image as an italic paragraph, inline Markdown kept', () => {
    const table = convert('a | b\n--|--\n1 | 2\n/// caption\nFruit **Count**\n///', [
      'pymdownx.blocks.caption',
    ]);
    expect(table.storage).toBe(
      '<table><tbody><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></tbody></table><p><em>Fruit <strong>Count</strong></em></p>',
    );
    expect(table.warnings).toEqual([]);
    const figure = convert('![x](https://e/x.png)\n/// figure-caption\nA\n///\n\nText', [
      'pymdownx.blocks.caption',
    ]);
    expect(figure.storage).toBe(
      '<p><ac:image ac:alt="x"><ri:url ri:value="https://e/x.png"/></ac:image></p><p><em>A</em></p><p>Text</p>',
    );
  });

  it('is an unknown block, warned with its content kept, when the site does not enable it', () => {
    const result = convert('/// caption\nA caption\n///', ['pymdownx.blocks.admonition']);
    expect(result.storage).toBe('<p>A caption</p>');
    expect(result.warnings).toEqual(['line 1: block "/// caption" is not converted; its content is kept']);
  });
});
