/**
 * Compile-time scaffolding of the closure compiler. A rule body is compiled into {@link Step}
 * closures chained in continuation-passing style; variables live in numbered slots of a frame
 * (one array per rule or function evaluation). Which variables are bound at each point is known
 * at compile time (the compiler's safety stage ordered the bodies), so no step ever tests
 * whether a slot is set.
 */
import type { BuiltinRegistry } from '../builtin.ts';
import type { Bound, IrExpr, IrLiteral, IrTerm, ResolvedRule, RuleNode } from '../compiler/index.ts';
import { RegoError } from '../errors.ts';
import type { InputReads, Value } from '../value/index.ts';
import type { Ctx } from './context.ts';

/** Variable slots of one evaluation (slot 0 is the body's accumulator). */
export type Frame = unknown[];

/** One step: runs and calls its continuation for each solution; `true` stops the enumeration. */
export type Step = (ctx: Ctx, f: Frame) => boolean;

/** Reads a value (`undefined`: undefined). */
export type Getter = (ctx: Ctx, f: Frame) => Value | undefined;

export type { Bound };

/** Builds the continuation given what is bound when it starts. */
export type Next = (bound: Bound) => Step;

/**
 * The error for a variable still unbound where evaluation needs it: the safety stage orders
 * bodies so that this never happens, so it is a defect of the compiler, never of the policy.
 */
export function unboundError(vars: readonly string[]): RegoError {
  return new RegoError('eval_internal_error', `unbound after the safety check: ${vars.join(', ')}`);
}

/** Slot allocation for one frame. */
export class Layout {
  private readonly slots = new Map<string, number>();
  /** Number of slots. */
  size: number;

  /** @param reserved slots kept free at the start (slot 0 and function arguments; default 1) */
  constructor(reserved = 1) {
    this.size = reserved;
  }

  /** The slot of variable `name`. */
  slot(name: string): number {
    let s = this.slots.get(name);
    if (s === undefined) {
      s = this.size++;
      this.slots.set(name, s);
    }
    return s;
  }

  /** Gives variable `name` an existing slot (parameters live in their argument slots). */
  alias(name: string, slot: number): void {
    this.slots.set(name, slot);
  }

  /** A fresh temporary slot. */
  temp(): number {
    return this.size++;
  }
}

/** A compiled rule node as seen from compiled code. */
export interface NodeHandle {
  readonly path: readonly string[];
  /** Value of the node's document in `ctx` (cached per scope). */
  value(ctx: Ctx): Value | undefined;
  /** Calls the node's function. */
  call(ctx: Ctx, args: readonly Value[]): Value | undefined;
  /** The document at `keys` below the node, evaluating only what they address. */
  valueAt(ctx: Ctx, keys: readonly Value[]): Value | undefined;
}

/** Policy-set-wide compile state. */
export interface Program {
  readonly root: RuleNode<ResolvedRule>;
  readonly builtins: BuiltinRegistry;
  /** The reads of constant `input` paths, shared by everything that reads them in a scope. */
  readonly reads: InputReads;
  /** The handle of a rule node. */
  handle(node: RuleNode<ResolvedRule>): NodeHandle;
  /** Value of `data` at `path` honouring `with` replacements (slow path). */
  docAt(ctx: Ctx, path: readonly string[]): Value | undefined;
}

/** Continuation receiving a term's getter and what is bound after evaluating it. */
export type ValueNext = (get: Getter, bound: Bound) => Step;

/**
 * Compile state of one frame, with the closure compiler's recursive entry points: a term holds
 * terms and comprehension bodies, a body holds expressions and terms, so each part compiles what
 * is nested in it through these (wired once, in `body-compiler.ts`) instead of importing it.
 */
export interface Cx {
  readonly program: Program;
  readonly layout: Layout;
  /** Compiles `t` to a getter (binding the iteration variables it contains). */
  readonly value: (t: IrTerm, bound: Bound, k: ValueNext) => Step;
  /** Compiles several terms, in the evaluation order the safety analysis gives. */
  readonly values: (ts: readonly IrTerm[], bound: Bound, k: (gets: Getter[], bound: Bound) => Step) => Step;
  /** Compiles a body; `terminal` receives what is bound after its last literal. */
  readonly body: (literals: readonly IrLiteral[], bound: Bound, terminal: Next) => Step;
  /** Compiles an expression (without its `with` modifiers). */
  readonly expr: (e: IrExpr, bound: Bound, next: Next) => Step;
  /** Matches the value of `get` against `pattern`, binding its unbound variables. */
  readonly match: (pattern: IrTerm, get: Getter, bound: Bound, next: Next) => Step;
}

/** A step that never succeeds (the continuation of a getter compiled on its own). */
export const FAIL: Step = () => false;
/** A step that stops at once (the end of bodies that only need one solution). */
export const FOUND: Step = () => true;
