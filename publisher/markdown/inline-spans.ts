/**
 * pymdownx's inline spans: mark (`==mark==`), caret (`^^insert^^`, `^super^`), tilde
 * (`~~delete~~`, `~sub~`) and keys (`++ctrl+alt+del++`). Each becomes `<name>_open`/`_close`
 * tokens around its parsed content (`sub`/`sup` hold plain text, as in pymdownx), keys a `keys`
 * token whose `meta` lists the key names.
 */
import type MarkdownIt from 'markdown-it';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';

interface SpanSyntax {
  readonly marker: string;
  readonly name: string;
  readonly tag: string;
  /** Content is plain text without unescaped spaces (`^sup^`, `~sub~`). */
  readonly simple: boolean;
}

function spanRule(syntax: SpanSyntax) {
  const { marker } = syntax;
  return (state: StateInline, silent: boolean): boolean => {
    const start = state.pos;
    if (!state.src.startsWith(marker, start)) return false;
    const first = state.src[start + marker.length];
    if (first === undefined || /\s/.test(first) || first === marker[0]) return false;
    let end = start + marker.length;
    for (;;) {
      end = state.src.indexOf(marker, end);
      if (end === -1 || end >= state.posMax) return false;
      if (!/\s/.test(state.src[end - 1] ?? ' ') && state.src[end + marker.length] !== marker[0]) break;
      end += 1;
    }
    const content = state.src.slice(start + marker.length, end);
    if (syntax.simple && /(?<!\\)\s/.test(content)) return false;
    if (silent) return true;
    state.push(`${syntax.name}_open`, syntax.tag, 1);
    if (syntax.simple) {
      state.push('text', '', 0).content = content.replace(/\\(.)/g, '$1');
    } else {
      const max = state.posMax;
      state.pos = start + marker.length;
      state.posMax = end;
      state.md.inline.tokenize(state);
      state.posMax = max;
    }
    state.push(`${syntax.name}_close`, syntax.tag, -1);
    state.pos = end + marker.length;
    return true;
  };
}

const KEYS = /^\+\+((?:[\w-]+|"(?:[^"\\]|\\.)*")(?:\+(?:[\w-]+|"(?:[^"\\]|\\.)*"))*)\+\+/;

function keysRule(state: StateInline, silent: boolean): boolean {
  if (!state.src.startsWith('++', state.pos)) return false;
  const match = KEYS.exec(state.src.slice(state.pos, state.posMax));
  if (!match) return false;
  if (!silent) {
    const token = state.push('keys', 'kbd', 0);
    token.meta = (match[1] ?? '').match(/"(?:[^"\\]|\\.)*"|[^+]+/g) ?? [];
  }
  state.pos += match[0].length;
  return true;
}

/** Which inline spans a site enables. */
export interface InlineSpanSyntax {
  readonly mark: boolean;
  readonly caret: boolean;
  readonly tilde: boolean;
  readonly keys: boolean;
}

/**
 * Registers the enabled spans with a parser.
 *
 * @example
 * md.use(inlineSpans, { mark: true, caret: true, tilde: true, keys: true });
 */
export function inlineSpans(md: MarkdownIt, syntax: InlineSpanSyntax): void {
  const rules: Array<[string, SpanSyntax]> = [];
  if (syntax.caret) {
    rules.push(['caret_ins', { marker: '^^', name: 'ins', tag: 'u', simple: false }]);
    rules.push(['caret_sup', { marker: '^', name: 'sup', tag: 'sup', simple: true }]);
  }
  if (syntax.tilde) {
    rules.push(['tilde_del', { marker: '~~', name: 's', tag: 's', simple: false }]);
    rules.push(['tilde_sub', { marker: '~', name: 'sub', tag: 'sub', simple: true }]);
  }
  if (syntax.mark) rules.push(['mark', { marker: '==', name: 'mark', tag: 'mark', simple: false }]);
  for (const [name, span] of rules) md.inline.ruler.before('emphasis', name, spanRule(span));
  if (syntax.keys) md.inline.ruler.before('emphasis', 'keys', keysRule);
}
