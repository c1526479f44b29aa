/**
 * Rego tokenizer: identifiers, numbers, strings (JSON-escaped and raw), template strings
 * (`$"…{expr}…"`, `` $`…{expr}…` ``), operators and punctuation. Whitespace and comments are dropped, but each token records whether whitespace
 * or a newline preceded it (refs need adjacency, bodies separate literals by newlines).
 */
import { RegoError, type SourceLocation } from '../errors.ts';

/** A lone UTF-16 surrogate: Go decodes a `\uD83D` escape that no partner follows as U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `s` with each lone surrogate replaced by U+FFFD, as OPA's string literals read. */
function wellFormed(s: string): string {
  return s.replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * Token kinds. A template string `$"a{x}b"` is `template-start`, `template-text` "a",
 * `template-open`, the tokens of `x`, `template-close`, `template-text` "b", `template-end`.
 */
export type TokenKind =
  | 'ident'
  | 'number'
  | 'string'
  | 'punct'
  | 'template-start'
  | 'template-text'
  | 'template-open'
  | 'template-close'
  | 'template-end'
  | 'eof';

/** One token. */
export interface Token {
  readonly kind: TokenKind;
  /** Source text (for strings: the decoded value). */
  readonly text: string;
  readonly loc: SourceLocation;
  /** Whitespace or a comment precedes the token. */
  readonly spaced: boolean;
  /** A newline precedes the token. */
  readonly newline: boolean;
}

const PUNCT2 = [':=', '==', '!=', '<=', '>='];
const PUNCT1 = '=<>+-*/%&|,;:.()[]{}';

function isIdentStart(c: string): boolean {
  return /[A-Za-z_]/.test(c) || (c > '\u007f' && /\p{L}/u.test(c));
}

function isIdentPart(c: string): boolean {
  return /[A-Za-z0-9_]/.test(c) || (c > '\u007f' && /[\p{L}\p{N}]/u.test(c));
}

/**
 * Splits `source` into tokens, ending with an `eof` token.
 * Throws {@link RegoError} `rego_parse_error` on an illegal character or literal.
 */
export function tokenize(source: string, file: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  let spaced = false;
  let newline = false;
  const here = (at: number): SourceLocation => ({ file, line, column: at - lineStart + 1 });
  const fail = (at: number, message: string): never => {
    throw new RegoError('rego_parse_error', message, here(at));
  };
  const push = (kind: TokenKind, text: string, loc: SourceLocation) => {
    tokens.push({ kind, text, loc, spaced, newline });
    spaced = false;
    newline = false;
  };
  // Open template strings, innermost last, with the `{` nesting inside the current expression.
  const templates: { quote: string; depth: number; start: number }[] = [];
  /** Scans template text up to an expression (`{`) or the closing quote. */
  const templateText = () => {
    const t = templates[templates.length - 1] as { quote: string; start: number };
    let text = '';
    const loc = here(i);
    const flush = () => {
      if (text !== '') push('template-text', wellFormed(text), loc);
      text = '';
    };
    for (;;) {
      if (i >= source.length) fail(t.start, 'non-terminated template string');
      const ch = source[i] as string;
      if (ch === t.quote) {
        flush();
        push('template-end', ch, here(i));
        i++;
        templates.pop();
        return;
      }
      if (ch === '{') {
        flush();
        push('template-open', '{', here(i));
        i++;
        return;
      }
      if (ch === '\\' && source[i + 1] === '{') {
        text += '{';
        i += 2;
      } else if (ch === '\\' && t.quote === '"') {
        const m = /^\\(?:u[0-9A-Fa-f]{4}|["\\/bfnrt])/.exec(source.slice(i, i + 6));
        if (!m) fail(i, 'illegal escape sequence in template string');
        text += JSON.parse(`"${(m as RegExpExecArray)[0]}"`) as string;
        i += (m as RegExpExecArray)[0].length;
      } else if (ch === '\n') {
        if (t.quote === '"') fail(t.start, 'non-terminated template string');
        text += ch;
        i++;
        line++;
        lineStart = i;
      } else {
        text += ch;
        i++;
      }
    }
  };
  while (i < source.length) {
    const c = source[i] as string;
    if (c === '\n') {
      i++;
      line++;
      lineStart = i;
      spaced = true;
      newline = true;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      spaced = true;
      continue;
    }
    if (c === '#') {
      while (i < source.length && source[i] !== '\n') i++;
      spaced = true;
      continue;
    }
    const start = i;
    const loc = here(start);
    if (isIdentStart(c)) {
      while (i < source.length && isIdentPart(source[i] as string)) i++;
      push('ident', source.slice(start, i), loc);
      continue;
    }
    if (c >= '0' && c <= '9') {
      const m = /^\d+(\.\d+)?([eE][+-]?\d+)?/.exec(source.slice(i, i + 400));
      const text = m ? m[0] : c;
      i += text.length;
      if (i < source.length && isIdentPart(source[i] as string)) fail(i, 'illegal number literal');
      push('number', text, loc);
      continue;
    }
    if (c === '"') {
      i = readString(source, i, fail);
      let value: unknown;
      try {
        value = JSON.parse(source.slice(start, i));
      } catch {
        fail(start, `illegal string literal: ${source.slice(start, Math.min(i, start + 40))}`);
      }
      push('string', wellFormed(value as string), loc);
      continue;
    }
    if (c === '`') {
      const end = source.indexOf('`', i + 1);
      if (end < 0) fail(start, 'non-terminated raw string');
      const text = source.slice(i + 1, end);
      for (const ch of text.matchAll(/\n/g)) {
        line++;
        lineStart = start + 1 + (ch.index ?? 0) + 1;
      }
      i = end + 1;
      push('string', text, loc);
      continue;
    }
    const two = source.slice(i, i + 2);
    if (PUNCT2.includes(two)) {
      i += 2;
      push('punct', two, loc);
      continue;
    }
    const template = templates[templates.length - 1];
    if (template && c === '}' && template.depth === 0) {
      i++;
      push('template-close', c, loc);
      templateText();
      continue;
    }
    if (template && (c === '{' || c === '}')) template.depth += c === '{' ? 1 : -1;
    if (PUNCT1.includes(c)) {
      i++;
      push('punct', c, loc);
      continue;
    }
    if (c === '$' && (source[i + 1] === '"' || source[i + 1] === '`')) {
      push('template-start', '$', loc);
      templates.push({ quote: source[i + 1] as string, depth: 0, start: i });
      i += 2;
      templateText();
      continue;
    }
    fail(start, `illegal token '${c}'`);
  }
  push('eof', '', here(i));
  return tokens;
}

/** Returns the index after the closing quote of the string starting at `start`. */
function readString(source: string, start: number, fail: (at: number, message: string) => never): number {
  let i = start + 1;
  while (i < source.length) {
    const c = source[i];
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '"') return i + 1;
    if (c === '\n') break;
    i++;
  }
  return fail(start, 'non-terminated string');
}
