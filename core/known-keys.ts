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

// Taken once: what an application later assigns to `Object.prototype.hasOwnProperty` is not called.
const ownMember = Object.prototype.hasOwnProperty;

/** Depth past which a value is not remembered (and so a cyclic value never loops here). */
const MAX_DEPTH = 32;

/**
 * Reads the tokens of `value` into `sink`, by the canonical encoding's rules: an object member
 * without JSON form (`undefined`, a function, a symbol) is left out, and such an array item or a
 * non-finite number is `null`. `false` when the sink stopped, or the value is outside what is
 * remembered (`toJSON`, BigInt, deep nesting, a top-level value without JSON form).
 */
function readTokens(value: unknown, sink: TokenSink, depth: number): boolean {
  // `typeof x === '…'` tests, not a `switch` on `typeof`: the optimizing compiler turns each test
  // into a check of the value's kind, where a `switch` has it build the type's name first.
  if (typeof value === 'string' || typeof value === 'boolean') return sink.take(value);
  if (typeof value === 'number') return sink.take(Number.isFinite(value) ? value : null);
  if (typeof value === 'object') return value === null ? sink.take(null) : readComposite(value, sink, depth);
  return false;
}

/** Whether `value` has no JSON form: left out as an object member, `null` as an array item. */
function withoutJson(value: unknown): boolean {
  return typeof value === 'undefined' || typeof value === 'function' || typeof value === 'symbol';
}

/**
 * {@link readTokens} of an array or object. Its string and boolean items are taken here, and those
 * without JSON form decided here, without a call for each: most of a context is such leaves.
 */
function readComposite(value: object, sink: TokenSink, depth: number): boolean {
  if (depth >= MAX_DEPTH || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  const inner = depth + 1;
  if (Array.isArray(value)) {
    if (!sink.take(OPEN_ARRAY)) return false;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'string' || typeof item === 'boolean') {
        if (!sink.take(item)) return false;
      } else if (withoutJson(item)) {
        if (!sink.take(null)) return false;
      } else if (!readTokens(item, sink, inner)) return false;
    }
    return sink.take(CLOSE);
  }
  if (!sink.take(OPEN_OBJECT)) return false;
  // `for…in` reads a plain object's keys from V8's enumeration cache and each member by the
  // cache's index: no array of keys or of values is allocated per object (garbage that every
  // cache hit would leave). The own-key test is `hasOwnProperty`, which V8 turns into a check of
  // the object's shape inside `for…in` — when it can see which function is called:
  // `Object.prototype.hasOwnProperty.call`, read where it is called (the function held in a
  // variable is a call of the builtin for every key, a quarter of the walk; `Object.hasOwn`
  // too). An application that replaced it gets the original all the same.
  const intrinsic = Object.prototype.hasOwnProperty === ownMember;
  for (const key in value) {
    const own = intrinsic
      ? // biome-ignore lint/suspicious/noPrototypeBuiltins: Object.hasOwn is the call this avoids
        Object.prototype.hasOwnProperty.call(value, key)
      : ownMember.call(value, key);
    if (!own) continue;
    const member = (value as Record<string, unknown>)[key];
    if (typeof member === 'string' || typeof member === 'boolean') {
      if (!sink.take(key) || !sink.take(member)) return false;
    } else if (!withoutJson(member) && (!sink.take(key) || !readTokens(member, sink, inner))) return false;
  }
  return sink.take(CLOSE);
}

/** Reads `value` as an array item at depth 1 (without JSON form: `null`), as {@link readComposite} does. */
function lastItem(value: unknown, sink: TokenSink): boolean {
  return withoutJson(value) ? sink.take(null) : readTokens(value, sink, 1);
}

/**
 * Appends the tokens of `value` to `out` (see {@link KnownKeys}); `false` when the value is outside
 * what is remembered (`toJSON`, BigInt, deep nesting, a top-level value without JSON form) — such
 * keys are simply computed each time.
 */
export function appendTokens(value: unknown, out: Token[]): boolean {
  // A recording walk: the lookups' own class, so that reading values meets one kind of sink.
  const recorder = new TrieWalk(emptyRoot());
  const tokens: Token[] = [];
  recorder.recording = tokens;
  const complete = readTokens(value, recorder, 0);
  for (const token of tokens) out.push(token);
  return complete;
}

/**
 * A node of the trie: a stretch of tokens every sequence below shares, then either the key (the
 * sequences end here) or the children by their next token. Only sequences that part ways get a
 * map, so a lookup costs one map read per point where remembered sequences differ (the caller,
 * the document) and plain comparisons for what they share (policy path, decision, the context's
 * keys). A node is never changed once reachable but for its map's new children: a split builds
 * new nodes, so a walk under way (a getter of the value being read can look up another key) is
 * never led astray.
 */
interface Run {
  readonly tokens: readonly Token[];
  readonly next: string | Map<Token, Run>;
}

/** A walk down the trie, one token at a time: `at` tokens into `run`. */
class TrieWalk implements TokenSink {
  run: Run;
  at = 0;
  /** Set: the walk records every token instead (and never stops), for {@link appendTokens}. */
  recording: Token[] | undefined = undefined;

  constructor(root: Run) {
    this.run = root;
  }

  take(token: Token): boolean {
    const recording = this.recording;
    if (recording !== undefined) {
      recording.push(token);
      return true;
    }
    const run = this.run;
    const tokens = run.tokens;
    const at = this.at;
    if (at < tokens.length) {
      this.at = at + 1;
      return tokens[at] === token;
    }
    const next = run.next;
    if (typeof next === 'string') return false; // past the end of a remembered sequence
    const child = next.get(token);
    if (child === undefined) return false;
    this.run = child;
    this.at = 0;
    return true;
  }

  /** The key where the walk ended, when it ended exactly at the end of a remembered sequence. */
  found(): string | undefined {
    const { tokens, next } = this.run;
    return this.at === tokens.length && typeof next === 'string' ? next : undefined;
  }
}

function emptyRoot(): Run {
  return { tokens: [], next: new Map() };
}

/**
 * Keys by their token sequence, at most `limit` of them (all forgotten at once past it). The
 * sequences are complete values, so none is a prefix of another: every key ends a {@link Run}.
 *
 * @example
 * const known = new KnownKeys(4096);
 * known.remember(['a', 1], 'k');
 * known.find(['a', 1]); // 'k'
 * known.remember(tokensOf(value), key); known.findValue(value); // key
 */
export class KnownKeys {
  #root: Run = emptyRoot();
  #size = 0;
  /**
   * The node under the root's `[`, where every tuple's walk goes on: found once after each
   * change instead of looked up in the root's map on every cache hit.
   */
  #tuples: Run | undefined;

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
    // A walk of its own (short-lived, so its moves cost no write barrier as a kept one's would).
    const walk = new TrieWalk(this.#root);
    return readTokens(value, walk, 0) ? walk.found() : undefined;
  }

  /**
   * {@link KnownKeys.findValue} of the array `[first, second, third, fourth, last]`, read without
   * building the array: the decision cache key's material on every cache hit.
   */
  findTuple(
    first: string | null,
    second: string | null,
    third: string | null,
    fourth: string | null,
    last: unknown,
  ): string | undefined {
    this.#tuples ??= (this.#root.next as Map<Token, Run>).get(OPEN_ARRAY);
    if (this.#tuples === undefined) return undefined;
    const walk = new TrieWalk(this.#tuples);
    const read =
      walk.take(first) &&
      walk.take(second) &&
      walk.take(third) &&
      walk.take(fourth) &&
      lastItem(last, walk) &&
      walk.take(CLOSE);
    return read ? walk.found() : undefined;
  }

  /**
   * Remembers `key` for `tokens` (a copy of them is kept). A sequence that is a prefix of a
   * remembered one, or has one as its prefix, is not remembered (complete values never are).
   */
  remember(tokens: readonly Token[], key: string): void {
    this.#tuples = undefined;
    if (this.#size >= this.limit) {
      this.#root = emptyRoot();
      this.#size = 0;
    }
    let run = this.#root;
    // The map that holds `run`, and under which token (the root has none: its stretch is empty).
    let parent: Map<Token, Run> | undefined;
    let via: Token = null;
    let at = 0;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      if (at < run.tokens.length) {
        if (run.tokens[at] === token) {
          at++;
          continue;
        }
        // The sequences part inside the stretch: a new node holds the shared part, then both ways.
        const split: Run = {
          tokens: run.tokens.slice(0, at),
          next: new Map([
            [run.tokens[at]!, { tokens: run.tokens.slice(at + 1), next: run.next }],
            [token, { tokens: tokens.slice(i + 1), next: key }],
          ]),
        };
        parent?.set(via, split);
        this.#size++;
        return;
      }
      const next = run.next;
      if (typeof next === 'string') return;
      const child = next.get(token);
      if (child === undefined) {
        next.set(token, { tokens: tokens.slice(i + 1), next: key });
        this.#size++;
        return;
      }
      parent = next;
      via = token;
      run = child;
      at = 0;
    }
  }
}
