/**
 * The parser's cursor over the token list: lookahead, backtracking (save/restore of the
 * position), keyword sets per module, fresh wildcard names, the nesting-depth guard and errors.
 */
import { RegoError, type SourceLocation } from '../errors.ts';
import type { OpaVersion } from '../opa-version.ts';
import type { RegoVersion, Term } from './ast.ts';
import type { Token } from './lexer.ts';

/** Keywords that are always reserved. */
const ALWAYS_KEYWORDS = new Set([
  'package',
  'import',
  'as',
  'default',
  'else',
  'not',
  'some',
  'with',
  'null',
  'true',
  'false',
]);

/** Keywords enabled by `import future.keywords…`, `import rego.v1` or v1 syntax. */
export const FUTURE_KEYWORDS = ['contains', 'every', 'if', 'in'] as const;
/** One of {@link FUTURE_KEYWORDS}. */
export type FutureKeyword = (typeof FUTURE_KEYWORDS)[number];

/**
 * Keywords OPA v1.22 added: the `and`/`or` operators and `not { … }` bodies (`not` itself is
 * always reserved; importing it enables bodies after it). Enabled by `import future.keywords…`
 * or `import rego.v2`, never by default.
 */
export const LOGIC_KEYWORDS = ['and', 'not', 'or'] as const;
/** A keyword a module can enable. */
export type ImportableKeyword = FutureKeyword | 'and' | 'or';

/** Deepest nesting of terms and bodies the parser accepts (deeper input is refused cleanly). */
export const MAX_NESTING_DEPTH = 200;

/** Mutable parser state over one token list. */
export class ParserState {
  readonly tokens: readonly Token[];
  readonly file: string;
  pos = 0;
  /** Future keywords currently enabled. */
  readonly keywords = new Set<ImportableKeyword>();
  /** Whether `not` may be followed by a body `{ … }` or a group `( … )` (OPA v1.22). */
  notBodies = false;
  /** `v1` once the module is v1 syntax or imports `rego.v1`. */
  version: RegoVersion;
  private wildcards = 0;
  private depth = 0;
  /**
   * Operand terms already parsed (or failed) by start position: backtracking (comprehension or
   * collection?) re-reads them in constant time, keeping parsing linear on nested input.
   */
  readonly termCache = new Map<number, { readonly term: Term; readonly end: number } | RegoError>();

  /** The OPA release whose syntax is accepted. */
  readonly opaVersion: OpaVersion;

  constructor(tokens: readonly Token[], file: string, version: RegoVersion, opaVersion: OpaVersion) {
    this.tokens = tokens;
    this.file = file;
    this.version = version;
    this.opaVersion = opaVersion;
    if (version === 'v1') for (const k of FUTURE_KEYWORDS) this.keywords.add(k);
  }

  /** The current token. */
  get tok(): Token {
    return this.tokens[this.pos] ?? (this.tokens[this.tokens.length - 1] as Token);
  }

  /** The token after the current one. */
  peek(offset = 1): Token {
    return this.tokens[this.pos + offset] ?? (this.tokens[this.tokens.length - 1] as Token);
  }

  /** Advances and returns the token that was current. */
  next(): Token {
    const t = this.tok;
    if (this.pos < this.tokens.length - 1) this.pos++;
    return t;
  }

  /** Whether the current token is the punctuation `p`. */
  isPunct(p: string): boolean {
    const t = this.tok;
    return t.kind === 'punct' && t.text === p;
  }

  /** Whether the current token is the (enabled) keyword `k`. */
  isKeyword(k: string): boolean {
    const t = this.tok;
    return t.kind === 'ident' && t.text === k && this.isKeywordName(k) && !this.startsRef();
  }

  /**
   * Whether the current identifier is directly followed by `.name`: then it heads a reference
   * even when it is a keyword or `true`/`false`/`null` (`not.foo := 1`, `p if true.x == 1`), as
   * in OPA 1.x.
   */
  startsRef(): boolean {
    const dot = this.peek();
    const name = this.peek(2);
    return (
      this.tok.kind === 'ident' &&
      dot.kind === 'punct' &&
      dot.text === '.' &&
      !dot.spaced &&
      name.kind === 'ident' &&
      !name.spaced
    );
  }

  /** Whether `name` is a reserved word in the current state. */
  isKeywordName(name: string): boolean {
    return ALWAYS_KEYWORDS.has(name) || this.keywords.has(name as ImportableKeyword);
  }

  /** Whether the `and` or `or` operator is enabled. */
  get logicActive(): boolean {
    return this.keywords.has('and') || this.keywords.has('or');
  }

  /** Whether the current token is the enabled operator `and` or `or`. */
  logicOperator(): 'and' | 'or' | undefined {
    if (this.isKeyword('and')) return 'and';
    if (this.isKeyword('or')) return 'or';
    return undefined;
  }

  /** Consumes the punctuation `p` or fails. */
  expectPunct(p: string, what = `'${p}'`): Token {
    if (!this.isPunct(p)) this.unexpected(`expected ${what}`);
    return this.next();
  }

  /** A fresh wildcard variable name. */
  wildcard(): string {
    return `$${this.wildcards++}`;
  }

  /** Enters one nesting level; fails beyond {@link MAX_NESTING_DEPTH}. */
  enter(): void {
    if (++this.depth > MAX_NESTING_DEPTH) {
      this.fail(this.tok.loc, `nesting too deep (parser depth limit ${MAX_NESTING_DEPTH})`);
    }
  }

  /** Leaves one nesting level. */
  leave(): void {
    this.depth--;
  }

  /** Errors no backtracking may swallow (the input cannot parse another way). */
  private static readonly definite = new WeakSet<RegoError>();

  /** Whether `e` is the nesting-depth error or another error no backtracking may swallow. */
  static isDefinite(e: unknown): boolean {
    return e instanceof RegoError && (e.detail.startsWith('nesting too deep') || ParserState.definite.has(e));
  }

  /** Throws a parse error at `loc` that no enclosing alternative may replace. */
  failDefinitely(loc: SourceLocation, message: string): never {
    const e = new RegoError('rego_parse_error', message, loc);
    ParserState.definite.add(e);
    throw e;
  }

  /** Runs `attempt`; on a parse error restores the position and returns `undefined`. */
  attempt<T>(attempt: () => T): T | undefined {
    const saved = this.pos;
    const depth = this.depth;
    try {
      return attempt();
    } catch (e) {
      if (!(e instanceof RegoError) || ParserState.isDefinite(e)) throw e;
      this.pos = saved;
      this.depth = depth;
      return undefined;
    }
  }

  /** Throws a parse error at `loc`. */
  fail(loc: SourceLocation, message: string): never {
    throw new RegoError('rego_parse_error', message, loc);
  }

  /** Throws "unexpected <token>: <note>" at the current token. */
  unexpected(note?: string): never {
    const t = this.tok;
    const what =
      t.kind === 'eof'
        ? 'eof token'
        : t.kind === 'string'
          ? 'string token'
          : `${t.text} ${t.kind === 'ident' && this.isKeywordName(t.text) ? 'keyword' : 'token'}`;
    return this.fail(t.loc, note ? `unexpected ${what}: ${note}` : `unexpected ${what}`);
  }
}
