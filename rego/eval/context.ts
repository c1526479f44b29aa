/**
 * Runtime state of an evaluation. {@link EvalState} is per query (limits, strict mode, clock,
 * built-in context); {@link Ctx} is a scope within it (input, base data, `with` replacements)
 * and carries the generation number that keys the per-scope cache of rule values.
 */
import type { BuiltinContext, BuiltinDefinition } from '../builtin.ts';
import { RegoError, type SourceLocation } from '../errors.ts';
import type { Value } from '../value/index.ts';

/** Evaluation limits. */
export interface EvalLimits {
  /** Maximum iterations, rule and function evaluations. */
  readonly maxSteps: number;
  /** Maximum wall time in milliseconds. */
  readonly maxMillis: number;
}

/** What an evaluation needs from its caller. */
export interface EvalSettings {
  readonly strict: boolean;
  /** `time.now_ns()`; `undefined`: the wall clock when the evaluation starts. */
  readonly nowNs: bigint | undefined;
  readonly limits: EvalLimits;
  readonly print: (message: string) => void;
  /** Milliseconds clock for the wall-time limit. */
  readonly clock: () => number;
}

/** A function replacement installed by `with`. */
export type Mock =
  | { readonly kind: 'value'; readonly value: Value }
  | { readonly kind: 'builtin'; readonly def: BuiltinDefinition }
  | { readonly kind: 'function'; readonly call: (ctx: Ctx, args: readonly Value[]) => Value | undefined };

let generations = 0;
let batches = 0;

/** A new batch number (see {@link Ctx.batch}). */
export function newBatch(): number {
  return ++batches;
}

/**
 * The built-ins' context of one query. The time and the memo are made when a built-in first asks
 * for them: most queries call only built-ins that need neither (a list decides each row with
 * `ds.check`), and a clock reading, two big integers and a map per row are not free.
 */
class QueryBuiltins implements BuiltinContext {
  readonly strict: boolean;
  readonly print: (message: string) => void;
  readonly #settings: EvalSettings;
  #nowNs: bigint | undefined;
  #memo: Map<string, Value> | undefined;

  constructor(settings: EvalSettings) {
    this.#settings = settings;
    this.strict = settings.strict;
    this.print = settings.print;
  }

  get nowNs(): bigint {
    this.#nowNs ??= this.#settings.nowNs ?? BigInt(Date.now()) * 1_000_000n;
    return this.#nowNs;
  }

  get memo(): Map<string, Value> {
    this.#memo ??= new Map();
    return this.#memo;
  }
}

/** Per-query state. */
export class EvalState {
  readonly settings: EvalSettings;
  steps = 0;
  /** Wall-time deadline, set at the first time check (short evaluations never read the clock). */
  private deadline = Number.NaN;
  private builtinContext: BuiltinContext | undefined;

  constructor(settings: EvalSettings) {
    this.settings = settings;
  }

  /** The context handed to built-ins (created on first use; its first `nowNs` read fixes `time.now_ns()`). */
  builtins(): BuiltinContext {
    this.builtinContext ??= new QueryBuiltins(this.settings);
    return this.builtinContext;
  }

  /**
   * Counts one step; throws `eval_limit_error` past the step or time limit. Time is checked
   * every 1,024 steps and counted from the first check.
   */
  tick(): void {
    const n = ++this.steps;
    if (n > this.settings.limits.maxSteps) {
      throw new RegoError(
        'eval_limit_error',
        `evaluation exceeded the limit of ${this.settings.limits.maxSteps} steps`,
      );
    }
    if ((n & 1023) === 0) this.checkTime();
  }

  private checkTime(): void {
    const now = this.settings.clock();
    if (Number.isNaN(this.deadline)) this.deadline = now + this.settings.limits.maxMillis;
    else if (now > this.deadline) {
      throw new RegoError(
        'eval_limit_error',
        `evaluation exceeded the limit of ${this.settings.limits.maxMillis} ms`,
      );
    }
  }
}

/** A scope of an evaluation. */
export class Ctx {
  readonly state: EvalState;
  readonly input: Value | undefined;
  /** The base document (with `with data…` replacements applied). */
  readonly data: Value;
  /** Paths replaced by `with data…` (virtual documents at or below them are not evaluated). */
  readonly targets: readonly (readonly string[])[] | null;
  /** Function and built-in replacements by name (`data.a.f`, `count`). */
  readonly mocks: ReadonlyMap<string, Mock> | null;
  /** Cache key of rule values computed in this scope. */
  readonly gen: number;
  /**
   * The batch the evaluation belongs to (0: none): rule values whose input footprint is unchanged
   * since an earlier evaluation of the batch are reused. Only a batch's top scope has one.
   */
  readonly batch: number;

  constructor(
    state: EvalState,
    input: Value | undefined,
    data: Value,
    targets: readonly (readonly string[])[] | null,
    mocks: ReadonlyMap<string, Mock> | null,
    batch = 0,
  ) {
    this.state = state;
    this.input = input;
    this.data = data;
    this.targets = targets;
    this.mocks = mocks;
    this.gen = ++generations;
    this.batch = batch;
  }

  /** The same scope without function replacements (replacement functions run without them, as in OPA). */
  withoutMocks(): Ctx {
    return new Ctx(this.state, this.input, this.data, this.targets, null);
  }
}

/** An evaluation error at a source location. */
export function evalError(
  code: RegoError['code'],
  message: string,
  loc: SourceLocation | undefined,
): RegoError {
  return new RegoError(code, message, loc);
}
