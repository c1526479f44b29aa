import { describe, expect, it } from 'vitest';
import { markdownPlainText } from './plain-text.ts';

describe('Markdown as the words a reader sees', () => {
  it('drops headings, emphasis, list markers, link addresses, code fences and table pipes', () => {
    expect(
      markdownPlainText(
        '## Budget plan\n\n- **ship** _it_ [now](https://x.example/a)\n1. `npm test`\n\n```sh\nmake\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n> quoted ~~old~~',
      ),
    ).toBe('Budget plan ship it now npm test make a b 1 2 quoted old');
  });

  it('keeps an image’s text, not its address, and leaves out link definitions', () => {
    expect(markdownPlainText('See ![the chart](files/3) and [ref][r].\n\n[r]: https://x.example')).toBe(
      'See the chart and ref.',
    );
  });

  it('drops the pipes of a table row cut from its table, as a search passage may start', () => {
    expect(markdownPlainText('10% | Item | Budget |\n| Ads | 4k |')).toBe('10% Item Budget Ads 4k');
    expect(markdownPlainText('a|b')).toBe('a|b');
  });

  it('passes a headline’s match markers through, also inside emphasis', () => {
    expect(markdownPlainText('**\u0002budget\u0003** for _Q3_')).toBe('\u0002budget\u0003 for Q3');
  });

  it('shows raw HTML as the text it is', () => {
    expect(markdownPlainText('a <b>c</b>')).toBe('a <b>c</b>');
  });
});
