/**
 * Constant paths below `input`, each looked up once per scope of an evaluation: the rule index
 * choosing a rule's definitions, the batch memo comparing inputs and the compiled references all
 * read `input.resource.object_id` through one {@link InputRead}, which remembers the value of the
 * last scope it was read in (a path's prefix is read through the prefix's own read).
 */
import { canonicalKey } from './order.ts';
import { lookup } from './selection.ts';
import type { Value } from './value.ts';

/** What a read needs of a scope: its input, and a number no other scope has. */
export interface ReadScope {
  readonly input: Value | undefined;
  /** Tells scopes apart: positive, never reused for another input. */
  readonly gen: number;
}

/** One constant path below `input` (made by {@link InputReads.of}). */
export class InputRead {
  /** The keys from `input` down. */
  readonly path: readonly Value[];
  /** The read of the path without its last key (`undefined` for a path of one key or none). */
  readonly parent: InputRead | undefined;
  readonly #key: Value | undefined;
  #gen = 0;
  #value: Value | undefined;

  constructor(path: readonly Value[], parent: InputRead | undefined) {
    this.path = path;
    this.parent = parent;
    this.#key = path[path.length - 1];
  }

  /** The value at the path in `scope`'s input (`undefined` when a step is missing). */
  read(scope: ReadScope): Value | undefined {
    if (this.#gen === scope.gen) return this.#value;
    const parent = this.parent;
    const base = parent === undefined ? scope.input : parent.read(scope);
    const key = this.#key;
    const v = key === undefined ? base : base === undefined ? undefined : lookup(base, key);
    this.#gen = scope.gen;
    this.#value = v;
    return v;
  }
}

/** Most paths shared per policy set (queries compiled one after another add theirs). */
const MAX_SHARED = 10_000;

/**
 * The reads of one compiled policy set: one {@link InputRead} per distinct path, so that all who
 * read a path share what it read. Past {@link MAX_SHARED} paths, a new path gets a read of its
 * own (correct, only not shared), so that a host compiling query after query keeps a bounded map.
 * @example reads.of(['resource', 'object_id']).read(ctx); // "doc-1"
 */
export class InputReads {
  readonly #known = new Map<string, InputRead>();

  /** The read of `path` (the same object for equal paths, up to the bound). */
  of(path: readonly Value[]): InputRead {
    const id = canonicalKey(path as Value[]);
    const known = this.#known.get(id);
    if (known) return known;
    const read = new InputRead(path, path.length > 1 ? this.of(path.slice(0, -1)) : undefined);
    if (this.#known.size < MAX_SHARED) this.#known.set(id, read);
    return read;
  }
}
