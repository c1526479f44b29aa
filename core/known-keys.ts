/**
 * Decision cache keys already computed, found again without hashing and without building the
 * hashed text: the key's material read as a sequence of tokens (the JSON values' strings, numbers,
 * booleans and nulls, and structure marks), looked up in a trie. A cache hit recomputes its key,
 * and a JavaScript SHA-256 costs microseconds; this lookup reads the value once, walking the trie
 * as it goes, and allocates nothing but its cursor.
 *
 * Object members are read in the object's own key order, not sorted: the token sequence still
 * determines the value (and so its canonical encoding and its key), and the same context built
 * in another order is simply remembered once more, under the same key.
 */

/** A structure mark: distinct from every JSON value (Map keys compare symbols by identity). */
const OPEN_OBJECT = Symbol('{');
const OPEN_ARRAY = Symbol('[');
const CLOSE = Symbol(']');

/** One element of a key's material: a JSON atom or a structure mark. */
export type Token = string | number | boolean | null | symbol;

/** Where the tokens of a value go; `false` from `take` stops the reading. */
interface TokenSink {
  take(token: Token): boolean;
}

/** Depth past which a value is not remembered (and so a cyclic value never loops here). */
const MAX_DEPTH = 32;

/** Whether a value has no JSON form (a member JSON drops, an array item JSON writes as `null`). */
function isOmitted(value: unknown): boolean {
  const type = typeof value;
  return type === 'undefined' || type === 'function' || type === 'symbol';
}

/**
 * Reads the tokens of `value` into `sink`, by the canonical encoding's rules: an object member
 * without JSON form (`undefined`, a function, a symbol) is left out, and such an array item or a
 * non-finite number is `null`. `false` when the sink stopped, or the value is outside what is
 * remembered (`toJSON`, BigInt, deep nesting, a top-level value without JSON form).
 */
function readTokens(value: unknown, sink: TokenSink, depth: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return sink.take(value);
    case 'number':
      return sink.take(Number.isFinite(value) ? value : null);
    case 'object': {
      if (value === null) return sink.take(null);
      if (depth >= MAX_DEPTH || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
      if (Array.isArray(value)) {
        if (!sink.take(OPEN_ARRAY)) return false;
        for (let i = 0; i < value.length; i++) {
          const item = value[i];
          if (isOmitted(item) ? !sink.take(null) : !readTokens(item, sink, depth + 1)) return false;
        }
      } else {
        if (!sink.take(OPEN_OBJECT)) return false;
        // `for…in` reads a plain object's keys from V8's enumeration cache and each member by
        // the cache's index: no array of keys or of values is allocated per object (garbage that
        // every cache hit would leave).
        for (const key in value) {
          if (!Object.hasOwn(value, key)) continue;
          const member = (value as Record<string, unknown>)[key];
          if (isOmitted(member)) continue;
          if (!sink.take(key) || !readTokens(member, sink, depth + 1)) return false;
        }
      }
      return sink.take(CLOSE);
    }
    default:
      return false;
  }
}

/** Collects tokens into an array. */
class TokenList implements TokenSink {
  readonly tokens: Token[] = [];
  take(token: Token): boolean {
    this.tokens.push(token);
    return true;
  }
}

/**
 * Appends the tokens of `value` to `out` (see {@link KnownKeys}); `false` when the value is outside
 * what is remembered (`toJSON`, BigInt, deep nesting, a top-level value without JSON form) — such
 * keys are simply computed each time.
 */
export function appendTokens(value: unknown, out: Token[]): boolean {
  const list = new TokenList();
  const complete = readTokens(value, list, 0);
  for (const token of list.tokens) out.push(token);
  return complete;
}

/** The rest of one remembered sequence below a trie node, and its key. */
interface Tail {
  readonly rest: readonly Token[];
  readonly key: string;
}
type TrieNode = Map<Token, TrieNode | Tail>;

/** A walk down the trie, one token at a time: in a node, or `at` tokens into a tail. */
class TrieWalk implements TokenSink {
  node: TrieNode | undefined;
  tail: Tail | undefined = undefined;
  at = 0;

  constructor(root: TrieNode) {
    this.node = root;
  }

  take(token: Token): boolean {
    const tail = this.tail;
    if (tail !== undefined) return tail.rest[this.at++] === token; // past the end: undefined, never a token
    const next = (this.node as TrieNode).get(token);
    if (next === undefined) return false;
    if (next instanceof Map) this.node = next;
    else {
      this.tail = next;
      this.node = undefined;
    }
    return true;
  }

  /** The key where the walk ended, when it ended exactly at the end of a remembered sequence. */
  found(): string | undefined {
    const tail = this.tail;
    return tail !== undefined && this.at === tail.rest.length ? tail.key : undefined;
  }
}

/** Whether `tokens` from `from` on are exactly `rest`, token for token. */
function restIs(tokens: readonly Token[], from: number, rest: readonly Token[]): boolean {
  if (tokens.length - from !== rest.length) return false;
  for (let j = 0; j < rest.length; j++) if (rest[j] !== tokens[from + j]) return false;
  return true;
}

/**
 * Keys by their token sequence, at most `limit` of them (all forgotten at once past it). The
 * sequences are complete values, so none is a prefix of another: every key sits on a {@link Tail}.
 *
 * @example
 * const known = new KnownKeys(4096);
 * known.remember(['a', 1], 'k');
 * known.find(['a', 1]); // 'k'
 * known.remember(tokensOf(value), key); known.findValue(value); // key
 */
export class KnownKeys {
  #root: TrieNode = new Map();
  #size = 0;

  /** @param limit most keys remembered */
  constructor(readonly limit: number) {}

  /** The key remembered for `tokens`, if any. */
  find(tokens: readonly Token[]): string | undefined {
    const walk = new TrieWalk(this.#root);
    for (let i = 0; i < tokens.length; i++) if (!walk.take(tokens[i]!)) return undefined;
    return walk.found();
  }

  /** The key remembered for the tokens of `value` ({@link appendTokens}), read without collecting them. */
  findValue(value: unknown): string | undefined {
    const walk = new TrieWalk(this.#root);
    return readTokens(value, walk, 0) ? walk.found() : undefined;
  }

  /** Remembers `key` for `tokens` (a copy of them is kept). */
  remember(tokens: readonly Token[], key: string): void {
    if (this.#size >= this.limit) {
      this.#root = new Map();
      this.#size = 0;
    }
    let node = this.#root;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      const next = node.get(token);
      if (next === undefined) {
        node.set(token, { rest: tokens.slice(i + 1), key });
        this.#size++;
        return;
      }
      if (next instanceof Map) {
        node = next;
        continue;
      }
      if (next.rest.length === 0 || restIs(tokens, i + 1, next.rest)) return; // already remembered
      // Split the tail: its first token becomes a node of its own, and the walk goes on below.
      const split: TrieNode = new Map([[next.rest[0]!, { rest: next.rest.slice(1), key: next.key }]]);
      node.set(token, split);
      node = split;
    }
  }
}
