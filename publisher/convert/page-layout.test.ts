import { describe, expect, it } from 'vitest';
import { pageLayout } from './page-layout.ts';

describe('pageLayout', () => {
  it('leaves out a first heading that repeats the title, keeping its anchor, and only then', () => {
    const options = { tocMacro: false, dropTitleHeading: true };
    expect(pageLayout('<h1>Set &amp; go</h1><p>x</p>', 'Set & go', options)).toBe('<p>x</p>');
    const anchored =
      '<h1><ac:structured-macro ac:name="anchor"><ac:parameter ac:name="">s</ac:parameter></ac:structured-macro>Setup</h1>';
    expect(pageLayout(anchored, 'Setup', options)).toBe(
      '<ac:structured-macro ac:name="anchor"><ac:parameter ac:name="">s</ac:parameter></ac:structured-macro>',
    );
    expect(pageLayout('<h1>Other</h1>', 'Setup', options)).toBe('<h1>Other</h1>');
    expect(pageLayout('<p>x</p><h1>Setup</h1>', 'Setup', options)).toBe('<p>x</p><h1>Setup</h1>');
  });

  it('puts the table-of-contents macro first when asked, and changes nothing by default', () => {
    expect(pageLayout('<h1>A</h1>', 'A', { tocMacro: true, dropTitleHeading: false })).toBe(
      '<ac:structured-macro ac:name="toc"></ac:structured-macro><h1>A</h1>',
    );
    expect(pageLayout('<h1>A</h1>', 'A', { tocMacro: false, dropTitleHeading: false })).toBe('<h1>A</h1>');
  });
});
