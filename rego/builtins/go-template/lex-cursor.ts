/**
 * The cursor of Go's template lexer: the input, the start and end of the token being read, the
 * line, and the tokens emitted so far (an `error` token ends lexing).
 */
import type { Item, ItemType } from './items.ts';

const SPACE = /^[ \t\r\n]$/;
const ALNUM = /^[\p{L}\p{Nd}_]$/u;

/** Go's `isSpace` of the template lexer. */
export const isSpace = (c: string): boolean => SPACE.test(c);
/** Go's `isAlphaNumeric`: a letter, a decimal digit or `_`. */
export const isAlphaNumeric = (c: string): boolean => c !== '' && ALNUM.test(c);
/** A left trim marker (`- ` after `{{`) at `at`. */
export const hasLeftTrim = (s: string, at: number): boolean => s[at] === '-' && isSpace(s[at + 1] ?? '');
/** A right trim marker (` -` before `}}`) at `at`. */
export const hasRightTrim = (s: string, at: number): boolean => isSpace(s[at] ?? '') && s[at + 1] === '-';

/** The number of newlines in `s`. */
export function newlines(s: string): number {
  let n = 0;
  for (const c of s) if (c === '\n') n++;
  return n;
}

/** Go's `%#U` of a rune: `U+0040 '@'`. */
export function runeText(c: string): string {
  if (c === '') return 'U+FFFFFFFFFFFFFFFF';
  const hex = (c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0');
  return /\p{L}|\p{N}|\p{P}|\p{S}|\p{M}| /u.test(c) ? `U+${hex} '${c}'` : `U+${hex}`;
}

/** Lexer state over one template. */
export class LexCursor {
  readonly items: Item[] = [];
  start = 0;
  pos = 0;
  line = 1;
  startLine = 1;
  parenDepth = 0;

  constructor(readonly input: string) {}

  /** Emits the text from `start` to `pos` as a token. */
  emit(type: ItemType): void {
    this.items.push({
      type,
      pos: this.start,
      val: this.input.slice(this.start, this.pos),
      line: this.startLine,
    });
    this.start = this.pos;
    this.startLine = this.line;
  }

  /** Skips the text from `start` to `pos`. */
  ignore(): void {
    this.line += newlines(this.input.slice(this.start, this.pos));
    this.start = this.pos;
    this.startLine = this.line;
  }

  /** Emits an error token (which ends lexing); returns false. */
  fail(message: string): false {
    this.items.push({ type: 'error', pos: this.start, val: message, line: this.startLine });
    return false;
  }

  /** The next character (a whole code point), or `''` at the end. */
  peek(): string {
    return this.pos < this.input.length
      ? String.fromCodePoint(this.input.codePointAt(this.pos) as number)
      : '';
  }

  /** Consumes the next character. */
  next(): string {
    const c = this.peek();
    this.pos += c.length;
    if (c === '\n') this.line++;
    return c;
  }

  /** Consumes the next character when it is one of `valid`. */
  accept(valid: string): boolean {
    const c = this.peek();
    if (c === '' || !valid.includes(c)) return false;
    this.next();
    return true;
  }

  /** Consumes a run of characters from `valid`. */
  acceptRun(valid: string): void {
    while (this.accept(valid));
  }

  /** Whether `}}` (possibly after a right trim marker) comes next. */
  atRightDelim(): { delim: boolean; trim: boolean } {
    if (hasRightTrim(this.input, this.pos) && this.input.startsWith('}}', this.pos + 2))
      return { delim: true, trim: true };
    return { delim: this.input.startsWith('}}', this.pos), trim: false };
  }

  /** Whether the next character can end a word (Go's `atTerminator`). */
  atTerminator(): boolean {
    const c = this.peek();
    return isSpace(c) || c === '' || '.,|:)('.includes(c) || this.input.startsWith('}}', this.pos);
  }

  /** Skips spaces after a right trim marker. */
  trimLeftSpace(): void {
    while (isSpace(this.input[this.pos] ?? '')) this.pos++;
  }
}
