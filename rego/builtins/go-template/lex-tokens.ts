/**
 * The words of template actions, as Go's lexer reads them: identifiers and keywords, fields and
 * variables, numbers (bases, underscores, exponents, imaginary parts), quoted and raw strings
 * and character constants. Each returns false after emitting an error token.
 */
import { goQuote } from '../rego-text.ts';
import { type ItemType, KEYWORDS } from './items.ts';
import { isAlphaNumeric, type LexCursor, runeText } from './lex-cursor.ts';

/** An identifier, keyword or boolean. */
export function lexIdentifier(lx: LexCursor): boolean {
  while (isAlphaNumeric(lx.peek())) lx.next();
  const word = lx.input.slice(lx.start, lx.pos);
  if (!lx.atTerminator()) return lx.fail(`bad character ${runeText(lx.peek())}`);
  if (KEYWORDS.has(word)) lx.emit(word as ItemType);
  else if (word === 'true' || word === 'false') lx.emit('bool');
  else lx.emit('identifier');
  return true;
}

/** A field (`.x`, or `.` alone) or a variable (`$x`, or `$` alone). */
export function lexFieldOrVariable(lx: LexCursor, type: 'field' | 'variable'): boolean {
  if (lx.atTerminator()) {
    lx.emit(type === 'variable' ? 'variable' : 'dot');
    return true;
  }
  while (isAlphaNumeric(lx.peek())) lx.next();
  if (!lx.atTerminator()) return lx.fail(`bad character ${runeText(lx.peek())}`);
  lx.emit(type);
  return true;
}

function scanNumber(lx: LexCursor): boolean {
  lx.accept('+-');
  let digits = '0123456789_';
  if (lx.accept('0')) {
    if (lx.accept('xX')) digits = '0123456789abcdefABCDEF_';
    else if (lx.accept('oO')) digits = '01234567_';
    else if (lx.accept('bB')) digits = '01_';
  }
  lx.acceptRun(digits);
  if (lx.accept('.')) lx.acceptRun(digits);
  if (digits.length === 11 && lx.accept('eE')) {
    lx.accept('+-');
    lx.acceptRun('0123456789_');
  }
  if (digits.length === 23 && lx.accept('pP')) {
    lx.accept('+-');
    lx.acceptRun('0123456789_');
  }
  lx.accept('i');
  if (isAlphaNumeric(lx.peek())) {
    lx.next();
    return false;
  }
  return true;
}

/** A number or a complex constant. */
export function lexNumber(lx: LexCursor): boolean {
  if (!scanNumber(lx)) return lx.fail(`bad number syntax: ${goQuote(lx.input.slice(lx.start, lx.pos))}`);
  const sign = lx.peek();
  if (sign === '+' || sign === '-') {
    if (!scanNumber(lx) || lx.input[lx.pos - 1] !== 'i')
      return lx.fail(`bad number syntax: ${goQuote(lx.input.slice(lx.start, lx.pos))}`);
    lx.emit('complex');
    return true;
  }
  lx.emit('number');
  return true;
}

/** A double-quoted string or a character constant. */
export function lexQuoted(lx: LexCursor, quote: string, unterminated: string): boolean {
  for (;;) {
    let c = lx.next();
    if (c === '\\') {
      c = lx.next();
      if (c !== '' && c !== '\n') continue;
    }
    if (c === '' || c === '\n') return lx.fail(unterminated);
    if (c === quote) break;
  }
  lx.emit(quote === '"' ? 'string' : 'charConstant');
  return true;
}

/** A raw (back-quoted) string. */
export function lexRawQuote(lx: LexCursor): boolean {
  for (;;) {
    const c = lx.next();
    if (c === '') return lx.fail('unterminated raw quoted string');
    if (c === '`') break;
  }
  lx.emit('rawString');
  return true;
}
