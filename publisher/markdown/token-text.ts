/**
 * The plain text of inline tokens (what a reader sees, without markup), for titles and slugs.
 */
import type Token from 'markdown-it/lib/token.mjs';

const TEXT_TYPES = new Set(['text', 'code_inline', 'emoji', 'unknown_emoji', 'math_inline']);

/**
 * Concatenates the text of inline tokens; images contribute their alt text, breaks a space.
 *
 * @example
 * inlineText(md.parseInline('a *b* `c`', {})[0].children); // 'a b c'
 */
export function inlineText(tokens: readonly Token[]): string {
  let text = '';
  for (const token of tokens) {
    if (TEXT_TYPES.has(token.type)) text += token.content;
    else if (token.type === 'image') text += inlineText(token.children ?? []);
    else if (token.type === 'softbreak' || token.type === 'hardbreak') text += ' ';
    else if (token.type === 'keys') text += (token.meta as string[]).join('+');
  }
  return text;
}
