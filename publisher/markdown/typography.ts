/**
 * Python-Markdown's smarty (curly quotes, `--` en and `---` em dashes, `...` ellipses, optional
 * `<<`/`>>` angled quotes) and pymdownx.smartsymbols (`(tm)`, `(c)`, `(r)`, `c/o`, `+/-`, arrows,
 * `=/=`, common fractions, ordinals `2nd` → 2<sup>nd</sup>), each with its options, applied to text
 * outside code.
 */
import type MarkdownIt from 'markdown-it';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import type Token from 'markdown-it/lib/token.mjs';

type Options = Readonly<Record<string, unknown>>;

/** The site's settings of the two extensions (`undefined`: not enabled). */
export interface TypographySettings {
  readonly smarty?: Options;
  readonly symbols?: Options;
}

const on = (options: Options, name: string) => options[name] !== false;
const FRACTIONS: Readonly<Record<string, string>> = {
  '1/4': '¼',
  '1/2': '½',
  '3/4': '¾',
  '1/3': '⅓',
  '2/3': '⅔',
  '1/5': '⅕',
  '2/5': '⅖',
  '3/5': '⅗',
  '4/5': '⅘',
  '1/6': '⅙',
  '5/6': '⅚',
  '1/8': '⅛',
  '3/8': '⅜',
  '5/8': '⅝',
  '7/8': '⅞',
};
const ORDINAL = /(?<![\w.])(\d+)(st|nd|rd|th)\b/g;
const ORDINAL_HINT = /\d(?:st|nd|rd|th)\b/;

/** The replacements of plain text, in order. */
function replacements(settings: TypographySettings): Array<[RegExp, string | ((match: string) => string)]> {
  const list: Array<[RegExp, string | ((match: string) => string)]> = [];
  const { smarty, symbols } = settings;
  if (symbols) {
    if (on(symbols, 'trademark')) list.push([/\(tm\)/g, '™']);
    if (on(symbols, 'copyright')) list.push([/\(c\)/g, '©']);
    if (on(symbols, 'registered')) list.push([/\(r\)/g, '®']);
    if (on(symbols, 'care_of')) list.push([/\bc\/o\b/g, '℅']);
    if (on(symbols, 'plusminus')) list.push([/\+\/-/g, '±']);
    if (on(symbols, 'notequal')) list.push([/=\/=/g, '≠']);
    if (on(symbols, 'arrows')) list.push([/<-->/g, '↔'], [/-->/g, '→'], [/<--/g, '←']);
    if (on(symbols, 'fractions'))
      list.push([/(?<![\w/])(?:1\/[234568]|[2-7]\/[3568])(?![\w/])/g, (match) => FRACTIONS[match] ?? match]);
  }
  if (smarty) {
    if (on(smarty, 'smart_dashes')) list.push([/(?<!-)---(?!-)/g, '—'], [/(?<!-)--(?!-)/g, '–']);
    if (on(smarty, 'smart_ellipses')) list.push([/(?<!\.)\.\.\.(?!\.)/g, '…']);
    if (smarty.smart_angled_quotes === true) list.push([/<</g, '«'], [/>>/g, '»']);
  }
  return list;
}

function ordinalSuffix(number: string): string {
  const tens = Number(number.slice(-2));
  if (tens >= 11 && tens <= 13) return 'th';
  return { '1': 'st', '2': 'nd', '3': 'rd' }[number.slice(-1)] ?? 'th';
}

/** A text token split around ordinals into text and `sup` tokens. */
function withOrdinals(state: StateCore, token: Token): Token[] {
  const parts: Token[] = [];
  let last = 0;
  const text = (content: string) => Object.assign(new state.Token('text', '', 0), { content });
  for (const match of token.content.matchAll(ORDINAL)) {
    const [whole, number = '', suffix = ''] = match;
    if (ordinalSuffix(number) !== suffix) continue;
    parts.push(text(token.content.slice(last, match.index) + number));
    parts.push(new state.Token('sup_open', 'sup', 1), text(suffix), new state.Token('sup_close', 'sup', -1));
    last = match.index + whole.length;
  }
  if (parts.length === 0) return [token];
  parts.push(text(token.content.slice(last)));
  return parts;
}

/**
 * Registers the typography of smarty and smartsymbols with a parser.
 *
 * @example
 * typography(md, { smarty: {}, symbols: undefined });
 */
export function typography(md: MarkdownIt, settings: TypographySettings): void {
  const list = replacements(settings);
  // One test per text decides whether any replacement can apply (most text has none).
  const candidate =
    list.length > 0 ? new RegExp(list.map(([pattern]) => pattern.source).join('|')) : undefined;
  const ordinals = settings.symbols !== undefined && on(settings.symbols, 'ordinal_numbers');
  if (settings.smarty && on(settings.smarty, 'smart_quotes')) {
    md.set({ typographer: true, quotes: '“”‘’' });
    md.enable('smartquotes');
  }
  md.core.ruler.after('inline', 'typography', (state: StateCore) => {
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.children) continue;
      const replace = candidate?.test(block.content) === true;
      const split = ordinals && ORDINAL_HINT.test(block.content);
      if (!replace && !split) continue;
      const children: Token[] = [];
      for (const child of block.children) {
        if (child.type === 'text') {
          if (replace && candidate?.test(child.content))
            for (const [pattern, replacement] of list) {
              child.content =
                typeof replacement === 'string'
                  ? child.content.replace(pattern, replacement)
                  : child.content.replace(pattern, replacement);
            }
          if (split && ORDINAL_HINT.test(child.content)) children.push(...withOrdinals(state, child));
          else children.push(child);
        } else children.push(child);
      }
      block.children = children;
    }
  });
}
