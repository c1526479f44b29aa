/** A position in a Go regular expression being parsed (by code point), and Go's syntax errors. */

/** A syntax error, worded as Go words it (without the `error parsing regexp: ` prefix). */
export class Re2SyntaxError extends Error {
  override readonly name = 'Re2SyntaxError';
  constructor(code: string, expr: string) {
    super(`${code}: \`${expr}\``);
  }
}

/** Reading position over the code points of a pattern. */
export class Re2Cursor {
  readonly chars: readonly string[];
  pos = 0;

  constructor(readonly pattern: string) {
    this.chars = Array.from(pattern);
  }

  /** The code point `k` ahead of the position, or `undefined` past the end. */
  peek(k = 0): string | undefined {
    return this.chars[this.pos + k];
  }

  /** Whether the whole pattern has been read. */
  get done(): boolean {
    return this.pos >= this.chars.length;
  }

  /** Text from `from` (default: the position) to `to` (default: the end). */
  text(from = this.pos, to = this.chars.length): string {
    return this.chars.slice(from, to).join('');
  }

  /** Index of the next `ch` at or after `from`, or -1. */
  indexOf(ch: string, from = this.pos): number {
    return this.chars.indexOf(ch, from);
  }
}
