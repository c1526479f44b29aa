import { describe, expect, it } from 'vitest';
import { linkTarget, MarkdownBody } from './index.ts';

const render = async (text: string) => String(await MarkdownBody({ text }));

describe('documents rendered as Markdown', () => {
  it('renders CommonMark: headings below the page title, emphasis, lists, code in monospace elements', async () => {
    const html = await render(
      '# Weekly meeting\n\n**Alice** and _Bob_\n\n- one\n- two\n\n1. first\n\n```ts\nconst a = 1 < 2;\n```\n\nUse `npm test`.',
    );
    expect(html).toContain('<h3>Weekly meeting</h3>');
    expect(html).toContain('<strong>Alice</strong> and <em>Bob</em>');
    expect(html).toContain('<ul><li>one</li><li>two</li></ul>');
    expect(html).toContain('<ol><li>first</li></ol>');
    expect(html).toContain('<pre><code class="language-ts">const a = 1 &lt; 2;</code></pre>');
    expect(html).toContain('<code>npm test</code>');
  });

  it('renders GitHub tables (with alignment), strikethrough, task lists and bare URLs as links', async () => {
    const html = await render(
      '| Who | Hours |\n|:--|--:|\n| Ann | 3 |\n\n~~old~~\n\n- [x] done\n- [ ] open\n\nSee https://example.com/a?b=1 now',
    );
    expect(html).toContain('<th class="align-left" scope="col">Who</th>');
    expect(html).toContain('<td class="align-right">3</td>');
    expect(html).toContain('<del>old</del>');
    expect(html).toContain('Done: </span>done');
    expect(html).toContain('To do: </span>open');
    expect(html).toContain(
      '<a href="https://example.com/a?b=1" rel="noopener noreferrer">https://example.com/a?b=1</a>',
    );
  });

  it('shows raw HTML as text, never as markup', async () => {
    const html = await render('<script>alert(1)</script>\n\nHi <img src=x onerror=alert(2)> there');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Hi &lt;img src=x onerror=alert(2)&gt; there');
  });

  it('links only to web, mail and site addresses; other schemes stay text', async () => {
    const html = await render(
      '[ok](https://example.com "T") [mail](mailto:a@example.com) [here](/documents/2) [bad](javascript:alert(1)) [tab](java\tscript:x) [ref][r]\n\n[r]: data:text/html,x',
    );
    expect(html).toContain('<a href="https://example.com" title="T" rel="noopener noreferrer">ok</a>');
    expect(html).toContain('<a href="mailto:a@example.com" rel="noopener noreferrer">mail</a>');
    expect(html).toContain('<a href="/documents/2" rel="noopener noreferrer">here</a>');
    expect(html).not.toMatch(/href="[^"]*(javascript|script:|data:)/i);
    expect(html).toContain(' bad ');
    expect(html).toContain(' ref');
    expect(linkTarget(' \u0001JavaScript:alert(1)')).toBeUndefined();
    expect(linkTarget('VBSCRIPT:x')).toBeUndefined();
    expect(linkTarget('HTTPS://example.com')).toBe('HTTPS://example.com');
  });

  it('turns images into links named by their text, so no address is fetched by the reader', async () => {
    const html = await render('![Team photo](https://example.com/p.png)');
    expect(html).toContain(
      '<a href="https://example.com/p.png" rel="noopener noreferrer">Image: Team photo</a>',
    );
    expect(html).not.toContain('<img');
  });
});

describe('the files of a document in its Markdown', () => {
  const files = new Map([
    ['chart.png', { name: 'Chart.png', url: '/api/documents/7/files/3', mediaType: 'image/png' }],
    ['notes v2.txt', { name: 'notes v2.txt', url: '/api/documents/7/files/4', mediaType: 'text/plain' }],
  ]);
  const renderWith = async (text: string) => String(await MarkdownBody({ text, files }));

  it('shows its own images inline from the site, by name ignoring case, also through a reference', async () => {
    const html = await renderWith('![The chart](files/chart.png)\n\n![again][c]\n\n[c]: ./files/CHART.PNG');
    expect(html).toContain(
      '<img src="/api/documents/7/files/3" alt="The chart" class="document-image" loading="lazy"/>',
    );
    expect(html).toContain('<img src="/api/documents/7/files/3" alt="again"');
  });

  it('links its attachments to their download, and names a missing file without any address', async () => {
    const html = await renderWith(
      '[notes](files/notes%20v2.txt) ![a pdf](files/notes%20v2.txt) ![gone](files/gone.png) [gone](files/gone.pdf)',
    );
    expect(html).toContain('<a href="/api/documents/7/files/4" rel="noopener noreferrer">notes</a>');
    expect(html).toContain('<a href="/api/documents/7/files/4" rel="noopener noreferrer">a pdf</a>');
    expect(html).toContain('Image: gone (no such file)');
    expect(html).not.toContain('files/gone');
  });

  it('never loads another address, nor a file path that leaves the document', async () => {
    const html = await renderWith(
      '![x](https://evil.example/files/chart.png) ![y](files/../3/chart.png) ![z](/files/chart.png)',
    );
    expect(html.match(/<img/g)).toBeNull();
  });
});
