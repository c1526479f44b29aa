/**
 * The lexer of Go's `text/template`: text between `{{ }}` actions, trim markers (`{{- ` and
 * ` -}}`), comments, and the tokens inside actions, with Go's error texts. Tokens carry their
 * offset in the template (UTF-16 units) and the line they start on.
 */
import type { Item } from './items.ts';
import {
  hasLeftTrim,
  hasRightTrim,
  isAlphaNumeric,
  isSpace,
  LexCursor,
  newlines,
  runeText,
} from './lex-cursor.ts';
import { lexFieldOrVariable, lexIdentifier, lexNumber, lexQuoted, lexRawQuote } from './lex-tokens.ts';

function lexText(lx: LexCursor): boolean {
  const x = lx.input.indexOf('{{', lx.pos);
  if (x < 0) {
    lx.pos = lx.input.length;
    if (lx.pos > lx.start) {
      lx.line += newlines(lx.input.slice(lx.start, lx.pos));
      lx.emit('text');
    }
    lx.emit('eof');
    return false;
  }
  if (x > lx.pos || x > lx.start) {
    lx.pos = x;
    let end = lx.pos;
    if (hasLeftTrim(lx.input, lx.pos + 2))
      while (end > lx.start && isSpace(lx.input[end - 1] as string)) end--;
    if (end > lx.start) {
      lx.line += newlines(lx.input.slice(lx.start, end));
      lx.items.push({ type: 'text', pos: lx.start, val: lx.input.slice(lx.start, end), line: lx.startLine });
    }
    lx.line += newlines(lx.input.slice(end, lx.pos));
    lx.start = lx.pos;
    lx.startLine = lx.line;
  }
  return lexLeftDelim(lx);
}

function lexLeftDelim(lx: LexCursor): boolean {
  lx.pos += 2;
  const marker = hasLeftTrim(lx.input, lx.pos) ? 2 : 0;
  if (lx.input.startsWith('/*', lx.pos + marker)) {
    lx.pos += marker;
    lx.ignore();
    return lexComment(lx);
  }
  lx.emit('leftDelim');
  lx.pos += marker;
  lx.ignore();
  lx.parenDepth = 0;
  return lexInsideAction(lx);
}

function lexComment(lx: LexCursor): boolean {
  lx.pos += 2;
  const x = lx.input.indexOf('*/', lx.pos);
  if (x < 0) return lx.fail('unclosed comment');
  lx.pos = x + 2;
  const { delim, trim } = lx.atRightDelim();
  if (!delim) return lx.fail('comment ends before closing delimiter');
  lx.pos += (trim ? 2 : 0) + 2;
  if (trim) lx.trimLeftSpace();
  lx.ignore();
  return lexText(lx);
}

function lexRightDelim(lx: LexCursor, trim: boolean): boolean {
  if (trim) {
    lx.pos += 2;
    lx.ignore();
  }
  lx.pos += 2;
  lx.emit('rightDelim');
  if (trim) {
    lx.trimLeftSpace();
    lx.ignore();
  }
  return lexText(lx);
}

function lexInsideAction(lx: LexCursor): boolean {
  for (;;) {
    const { delim, trim } = lx.atRightDelim();
    if (delim) {
      if (lx.parenDepth === 0) return lexRightDelim(lx, trim);
      return lx.fail('unclosed left paren');
    }
    const c = lx.next();
    if (c === '') return lx.fail('unclosed action');
    if (isSpace(c)) {
      lx.pos -= 1;
      if (c === '\n') lx.line--;
      if (!lexSpace(lx)) return true;
    } else if (c === '=') lx.emit('assign');
    else if (c === ':') {
      if (lx.next() !== '=') return lx.fail('expected :=');
      lx.emit('declare');
    } else if (c === '|') lx.emit('pipe');
    else if (c === '"') {
      if (!lexQuoted(lx, '"', 'unterminated quoted string')) return false;
    } else if (c === '`') {
      if (!lexRawQuote(lx)) return false;
    } else if (c === '$') {
      if (!lexFieldOrVariable(lx, 'variable')) return false;
    } else if (c === "'") {
      if (!lexQuoted(lx, "'", 'unterminated character constant')) return false;
    } else if (c === '.' && !/[0-9]/.test(lx.input[lx.pos] ?? '')) {
      if (!lexFieldOrVariable(lx, 'field')) return false;
    } else if (c === '.' || c === '+' || c === '-' || /[0-9]/.test(c)) {
      lx.pos -= 1;
      if (!lexNumber(lx)) return false;
    } else if (isAlphaNumeric(c)) {
      lx.pos -= c.length;
      if (!lexIdentifier(lx)) return false;
    } else if (c === '(') {
      lx.parenDepth++;
      lx.emit('leftParen');
    } else if (c === ')') {
      lx.parenDepth--;
      if (lx.parenDepth < 0) return lx.fail('unexpected right paren');
      lx.emit('rightParen');
    } else if ((c.codePointAt(0) as number) <= 0x7e && (c.codePointAt(0) as number) >= 0x20) lx.emit('char');
    else return lx.fail(`unrecognized character in action: ${runeText(c)}`);
  }
}

function lexSpace(lx: LexCursor): boolean {
  let n = 0;
  while (isSpace(lx.peek())) {
    lx.next();
    n++;
  }
  if (hasRightTrim(lx.input, lx.pos - 1) && lx.input.startsWith('}}', lx.pos + 1)) {
    lx.pos -= 1;
    if (lx.input[lx.pos] === '\n') lx.line--;
    if (n === 1) {
      lexRightDelim(lx, true);
      return false;
    }
  }
  lx.emit('space');
  return true;
}

/** Splits a template into tokens; lexing stops at the first error token. */
export function lexTemplate(input: string): Item[] {
  const lx = new LexCursor(input);
  lexText(lx);
  return lx.items;
}
