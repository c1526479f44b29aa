/**
 * Decision cache keys already computed, found again without hashing and without building the
 * hashed text: the key's material read as a sequence of tokens (the JSON values' strings, numbers,
 * booleans and nulls, and structure marks), looked up in a trie. A cache hit recomputes its key,
 * and a JavaScript SHA-256 costs microseconds; this lookup costs a few map reads.
 */
import { sortedKeys } from './sorted-keys.ts';

/** A structure mark: distinct from every JSON value (Map keys compare symbols by identity). */
const OPEN_OBJECT = Symbol('{');
const OPEN_ARRAY = Symbol('[');
const CLOSE = Symbol(']');

/** One element of a key's material: a JSON atom or a structure mark. */
export type Token = string | number | boolean | null | symbol;

/** Depth past which a value is not remembered (and so a cyclic value never loops here). */
const MAX_DEPTH = 32;

/**
 * Appends the tokens of `value` to `out`; `false` when the value is outside what is remembered
 * (non-finite numbers, `undefined`, `toJSON`, BigInt, functions, deep nesting) — such keys are
 * simply computed each time, by the canonical encoding's own rules.
 */
export function appendTokens(value: unknown, out: Token[], depth = 0): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      out.push(value);
      return true;
    case 'number':
      out.push(value);
      return Number.isFinite(value);
    case 'object': {
      if (value === null) {
        out.push(null);
        return true;
      }
      if (depth >= MAX_DEPTH || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
      if (Array.isArray(value)) {
        out.push(OPEN_ARRAY);
        for (let i = 0; i < value.length; i++) if (!appendTokens(value[i], out, depth + 1)) return false;
      } else {
        out.push(OPEN_OBJECT);
        const record = value as Record<string, unknown>;
        const keys = sortedKeys(record);
        for (let i = 0; i < keys.length; i++) {
          const key = keys[i]!;
          out.push(key);
          if (!appendTokens(record[key], out, depth + 1)) return false;
        }
      }
      out.push(CLOSE);
      return true;
    }
    default:
      return false;
  }
}

/** Whether `tokens` from `from` on are exactly `rest`, token for token. */
function restIs(tokens: readonly Token[], from: number, rest: readonly Token[]): boolean {
  if (tokens.length - from !== rest.length) return false;
  for (let j = 0; j < rest.length; j++) if (rest[j] !== tokens[from + j]) return false;
  return true;
}

/** The rest of one remembered sequence below a trie node, and its key. */
interface Tail {
  readonly rest: readonly Token[];
  readonly key: string;
}
type TrieNode = Map<Token, TrieNode | Tail>;

/**
 * Keys by their token sequence, at most `limit` of them (all forgotten at once past it). The
 * sequences are complete values, so none is a prefix of another: every key sits on a {@link Tail}.
 *
 * @example
 * const known = new KnownKeys(4096);
 * known.remember(['a', 1], 'k');
 * known.find(['a', 1]); // 'k'
 */
export class KnownKeys {
  #root: TrieNode = new Map();
  #size = 0;

  /** @param limit most keys remembered */
  constructor(readonly limit: number) {}

  /** The key remembered for `tokens`, if any. */
  find(tokens: readonly Token[]): string | undefined {
    let node = this.#root;
    for (let i = 0; i < tokens.length; i++) {
      const next = node.get(tokens[i]!);
      if (next === undefined) return undefined;
      if (next instanceof Map) {
        node = next;
        continue;
      }
      return restIs(tokens, i + 1, next.rest) ? next.key : undefined;
    }
    return undefined;
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
