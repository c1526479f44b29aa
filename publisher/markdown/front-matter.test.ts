import { describe, expect, it } from 'vitest';
import { splitFrontMatter } from './front-matter.ts';

describe('splitFrontMatter', () => {
  it('reads YAML front matter', () => {
    expect(splitFrontMatter('---\ntitle: Setup\ntags: [a]\n---\n# Hi')).toEqual({
      meta: { title: 'Setup', tags: ['a'] },
      body: '# Hi',
    });
  });

  it('reads MultiMarkdown-style lines up to the first blank line, as MkDocs does', () => {
    const split = splitFrontMatter('Title: Tables Extension\nAuthors: One\n    Two\n\n# Tables\n\nText');
    expect(split.meta).toEqual({ title: 'Tables Extension', authors: 'One Two' });
    expect(split.body).toBe('# Tables\n\nText');
  });

  it('reads metadata lines with CRLF line ends', () => {
    expect(splitFrontMatter('Title: Windows\r\n\r\n# Body').meta).toEqual({ title: 'Windows' });
  });

  it('leaves a page without metadata whole', () => {
    expect(splitFrontMatter('# Title\n\nkey: value')).toEqual({ meta: {}, body: '# Title\n\nkey: value' });
  });

  it('stops at the first line that is not metadata', () => {
    const split = splitFrontMatter('title: Short\nJust text\n');
    expect(split.meta).toEqual({ title: 'Short' });
    expect(split.body).toBe('Just text\n');
  });
});
