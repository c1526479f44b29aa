/**
 * The contract between the Rego evaluator and built-in functions. Built-ins are plain
 * functions over {@link Value}s, registered by name; the evaluator looks them up at compile
 * time (an unknown name refuses the policy) and calls them during evaluation.
 */
import type { Value } from './value/index.ts';

/** What a built-in may read about the evaluation it runs in. */
export interface BuiltinContext {
  /** Evaluation start in nanoseconds since the epoch: `time.now_ns()` is constant per query. */
  readonly nowNs: bigint;
  /** Strict mode: built-in errors are raised instead of making the expression undefined. */
  readonly strict: boolean;
  /** Per-query memo (e.g. `rand.intn` returns the same value for the same arguments in one query). */
  readonly memo: Map<string, Value>;
  /** Sink for `print()` output. */
  readonly print: (message: string) => void;
}

/**
 * A built-in function: returns its result, or `undefined` when the call is undefined
 * (e.g. `to_number("x")` is an error, `object.get` with a default never is).
 * Throws {@link BuiltinError} for type and argument errors.
 */
export type BuiltinFunction = (args: readonly Value[], ctx: BuiltinContext) => Value | undefined;

/** A relation built-in (like `walk`): yields zero or more results for its arguments. */
export type BuiltinRelation = (args: readonly Value[], ctx: BuiltinContext) => Iterable<Value>;

/** A registered built-in. */
export type BuiltinDefinition =
  | {
      /** Dotted name, e.g. `"strings.replace_n"`. */
      readonly name: string;
      /** Number of arguments (the output argument not counted); `-1` for variadic (`print`). */
      readonly arity: number;
      readonly kind: 'function';
      readonly call: BuiltinFunction;
    }
  | {
      readonly name: string;
      readonly arity: number;
      readonly kind: 'relation';
      readonly call: BuiltinRelation;
    };

/** Error codes of built-in failures, as OPA names them. */
export type BuiltinErrorCode = 'eval_type_error' | 'eval_builtin_error';

/**
 * A built-in's failure. `eval_type_error` for operands of the wrong type (message in OPA's
 * form, e.g. `count: operand 1 must be one of {array, object, set, string} but got number`),
 * `eval_builtin_error` for other failures. In non-strict mode the evaluator turns these into an
 * undefined expression; `halt` errors are always raised.
 */
export class BuiltinError extends Error {
  override readonly name = 'BuiltinError';
  readonly code: BuiltinErrorCode;
  readonly halt: boolean;

  constructor(code: BuiltinErrorCode, message: string, options?: { cause?: unknown; halt?: boolean }) {
    super(message, options);
    this.code = code;
    this.halt = options?.halt ?? false;
  }
}

/** A registry of built-ins by name. */
export type BuiltinRegistry = ReadonlyMap<string, BuiltinDefinition>;
