/**
 * The lexer of Go's `text/template`: text between `{{ }}` actions, trim markers (`{{- ` and
 * ` -}}`), comments, and the tokens inside actions, with Go's error texts. Tokens carry their
 * offset in the template (UTF-16 units) and the line they start on.
 */
import { goQuote } from '../rego-text.ts';

/** Token types, as Go's lexer names them (`itemField`, `itemDeclare`, …). */
export type ItemType =
  | 'error'
  | 'bool'
  | 'char'
  | 'charConstant'
  | 'complex'
  | 'assign'
  | 'declare'
  | 'eof'
  | 'field'
  | 'identifier'
  | 'leftDelim'
  | 'leftParen'
  | 'number'
  | 'pipe'
  | 'rawString'
  | 'rightDelim'
  | 'rightParen'
  | 'space'
  | 'string'
  | 'text'
  | 'variable'
  | Keyword;

/** Words Go's lexer reports as keywords. */
type Keyword =
  | 'block'
  | 'break'
  | 'continue'
  | 'dot'
  | 'define'
  | 'else'
  | 'end'
  | 'if'
  | 'nil'
  | 'range'
  | 'template'
  | 'with';

const KEYWORDS: ReadonlySet<string> = new Set([
  'block',
  'break',
  'continue',
  'define',
  'else',
  'end',
  'if',
  'nil',
  'range',
  'template',
  'with',
]);

/** A token. */
export interface Item {
  readonly type: ItemType;
  readonly pos: number;
  readonly val: string;
  readonly line: number;
}

/** A token as Go prints it in parse errors: `<end>`, `"foo"`, `"0123456789"...`. */
export function itemText(i: Item): string {
  if (i.type === 'eof') return 'EOF';
  if (i.type === 'error') return i.val;
  if (KEYWORDS.has(i.type) || i.type === 'dot') return `<${i.val}>`;
  const runes = Array.from(i.val);
  return runes.length > 10 ? `${goQuote(runes.slice(0, 10).join(''))}...` : goQuote(i.val);
}

const SPACE = /^[ \t\r\n]$/;
const ALNUM = /^[\p{L}\p{Nd}_]$/u;
const isSpace = (c: string): boolean => SPACE.test(c);
const isAlphaNumeric = (c: string): boolean => c !== '' && ALNUM.test(c);
const hasLeftTrim = (s: string, at: number): boolean => s[at] === '-' && isSpace(s[at + 1] ?? '');
const hasRightTrim = (s: string, at: number): boolean => isSpace(s[at] ?? '') && s[at + 1] === '-';

/** Splits a template into tokens; lexing stops at the first error token. */
export function lexTemplate(input: string): Item[] {
  const items: Item[] = [];
  let start = 0;
  let pos = 0;
  let line = 1;
  let startLine = 1;
  let parenDepth = 0;
  const emit = (type: ItemType): void => {
    items.push({ type, pos: start, val: input.slice(start, pos), line: startLine });
    start = pos;
    startLine = line;
  };
  const ignore = (): void => {
    line += count(input.slice(start, pos));
    start = pos;
    startLine = line;
  };
  const fail = (message: string): false => {
    items.push({ type: 'error', pos: start, val: message, line: startLine });
    return false;
  };
  const peek = (): string =>
    pos < input.length ? String.fromCodePoint(input.codePointAt(pos) as number) : '';
  const next = (): string => {
    const c = peek();
    pos += c.length;
    if (c === '\n') line++;
    return c;
  };
  const accept = (valid: string): boolean => {
    const c = peek();
    if (c !== '' && valid.includes(c)) {
      next();
      return true;
    }
    return false;
  };
  const acceptRun = (valid: string): void => {
    while (accept(valid));
  };
  const atRightDelim = (): { delim: boolean; trim: boolean } => {
    if (hasRightTrim(input, pos) && input.startsWith('}}', pos + 2)) return { delim: true, trim: true };
    return { delim: input.startsWith('}}', pos), trim: false };
  };
  const atTerminator = (): boolean => {
    const c = peek();
    return isSpace(c) || c === '' || '.,|:)('.includes(c) || input.startsWith('}}', pos);
  };
  const trimLeftSpace = (): void => {
    while (isSpace(input[pos] ?? '')) pos++;
  };

  const lexText = (): boolean => {
    const x = input.indexOf('{{', pos);
    if (x < 0) {
      pos = input.length;
      if (pos > start) {
        line += count(input.slice(start, pos));
        emit('text');
      }
      emit('eof');
      return false;
    }
    if (x > pos || x > start) {
      pos = x;
      let end = pos;
      if (hasLeftTrim(input, pos + 2)) while (end > start && isSpace(input[end - 1] as string)) end--;
      if (end > start) {
        line += count(input.slice(start, end));
        items.push({ type: 'text', pos: start, val: input.slice(start, end), line: startLine });
      }
      line += count(input.slice(end, pos));
      start = pos;
      startLine = line;
    }
    return lexLeftDelim();
  };
  const lexLeftDelim = (): boolean => {
    pos += 2;
    const marker = hasLeftTrim(input, pos) ? 2 : 0;
    if (input.startsWith('/*', pos + marker)) {
      pos += marker;
      ignore();
      return lexComment();
    }
    emit('leftDelim');
    pos += marker;
    ignore();
    parenDepth = 0;
    return lexInsideAction();
  };
  const lexComment = (): boolean => {
    pos += 2;
    const x = input.indexOf('*/', pos);
    if (x < 0) return fail('unclosed comment');
    pos = x + 2;
    const { delim, trim } = atRightDelim();
    if (!delim) return fail('comment ends before closing delimiter');
    pos += (trim ? 2 : 0) + 2;
    if (trim) trimLeftSpace();
    ignore();
    return lexText();
  };
  const lexRightDelim = (trim: boolean): boolean => {
    if (trim) {
      pos += 2;
      ignore();
    }
    pos += 2;
    emit('rightDelim');
    if (trim) {
      trimLeftSpace();
      ignore();
    }
    return lexText();
  };
  const lexInsideAction = (): boolean => {
    for (;;) {
      const { delim, trim } = atRightDelim();
      if (delim) {
        if (parenDepth === 0) return lexRightDelim(trim);
        return fail('unclosed left paren');
      }
      const c = next();
      if (c === '') return fail('unclosed action');
      if (isSpace(c)) {
        pos -= 1;
        if (c === '\n') line--;
        if (!lexSpace()) return true;
      } else if (c === '=') emit('assign');
      else if (c === ':') {
        if (next() !== '=') return fail('expected :=');
        emit('declare');
      } else if (c === '|') emit('pipe');
      else if (c === '"') {
        if (!lexQuoted('"', 'unterminated quoted string')) return false;
      } else if (c === '`') {
        if (!lexRawQuote()) return false;
      } else if (c === '$') {
        if (!lexFieldOrVariable('variable')) return false;
      } else if (c === "'") {
        if (!lexQuoted("'", 'unterminated character constant')) return false;
      } else if (c === '.' && !/[0-9]/.test(input[pos] ?? '')) {
        if (!lexFieldOrVariable('field')) return false;
      } else if (c === '.' || c === '+' || c === '-' || /[0-9]/.test(c)) {
        pos -= 1;
        if (!lexNumber()) return false;
      } else if (isAlphaNumeric(c)) {
        pos -= c.length;
        if (!lexIdentifier()) return false;
      } else if (c === '(') {
        parenDepth++;
        emit('leftParen');
      } else if (c === ')') {
        parenDepth--;
        if (parenDepth < 0) return fail('unexpected right paren');
        emit('rightParen');
      } else if ((c.codePointAt(0) as number) <= 0x7e && (c.codePointAt(0) as number) >= 0x20) emit('char');
      else return fail(`unrecognized character in action: ${runeText(c)}`);
    }
  };
  /** Spaces; false when they end the action (` -}}`), which lexes the delimiter. */
  const lexSpace = (): boolean => {
    let n = 0;
    while (isSpace(peek())) {
      next();
      n++;
    }
    if (hasRightTrim(input, pos - 1) && input.startsWith('}}', pos + 1)) {
      pos -= 1;
      if (input[pos] === '\n') line--;
      if (n === 1) {
        lexRightDelim(true);
        return false;
      }
    }
    emit('space');
    return true;
  };
  const lexIdentifier = (): boolean => {
    while (isAlphaNumeric(peek())) next();
    const word = input.slice(start, pos);
    if (!atTerminator()) return fail(`bad character ${runeText(peek())}`);
    if (KEYWORDS.has(word)) emit(word as ItemType);
    else if (word === 'true' || word === 'false') emit('bool');
    else emit('identifier');
    return true;
  };
  const lexFieldOrVariable = (type: 'field' | 'variable'): boolean => {
    if (atTerminator()) {
      emit(type === 'variable' ? 'variable' : 'dot');
      return true;
    }
    while (isAlphaNumeric(peek())) next();
    if (!atTerminator()) return fail(`bad character ${runeText(peek())}`);
    emit(type);
    return true;
  };
  const scanNumber = (): boolean => {
    accept('+-');
    let digits = '0123456789_';
    if (accept('0')) {
      if (accept('xX')) digits = '0123456789abcdefABCDEF_';
      else if (accept('oO')) digits = '01234567_';
      else if (accept('bB')) digits = '01_';
    }
    acceptRun(digits);
    if (accept('.')) acceptRun(digits);
    if (digits.length === 11 && accept('eE')) {
      accept('+-');
      acceptRun('0123456789_');
    }
    if (digits.length === 23 && accept('pP')) {
      accept('+-');
      acceptRun('0123456789_');
    }
    accept('i');
    if (isAlphaNumeric(peek())) {
      next();
      return false;
    }
    return true;
  };
  const lexNumber = (): boolean => {
    if (!scanNumber()) return fail(`bad number syntax: ${goQuote(input.slice(start, pos))}`);
    const sign = peek();
    if (sign === '+' || sign === '-') {
      if (!scanNumber() || input[pos - 1] !== 'i')
        return fail(`bad number syntax: ${goQuote(input.slice(start, pos))}`);
      emit('complex');
      return true;
    }
    emit('number');
    return true;
  };
  const lexQuoted = (quote: string, unterminated: string): boolean => {
    for (;;) {
      let c = next();
      if (c === '\\') {
        c = next();
        if (c !== '' && c !== '\n') continue;
      }
      if (c === '' || c === '\n') return fail(unterminated);
      if (c === quote) break;
    }
    emit(quote === '"' ? 'string' : 'charConstant');
    return true;
  };
  const lexRawQuote = (): boolean => {
    for (;;) {
      const c = next();
      if (c === '') return fail('unterminated raw quoted string');
      if (c === '`') break;
    }
    emit('rawString');
    return true;
  };

  lexText();
  return items;
}

function count(s: string): number {
  let n = 0;
  for (const c of s) if (c === '\n') n++;
  return n;
}

/** Go's `%#U` of a rune: `U+0040 '@'`. */
function runeText(c: string): string {
  const cp = c === '' ? -1 : (c.codePointAt(0) as number);
  if (cp < 0) return 'U+FFFFFFFFFFFFFFFF';
  const hex = cp.toString(16).toUpperCase().padStart(4, '0');
  return /\p{L}|\p{N}|\p{P}|\p{S}|\p{M}| /u.test(c) ? `U+${hex} '${c}'` : `U+${hex}`;
}
