/**
 * The resolved intermediate form the evaluator compiles: names are resolved (locals renamed
 * to unique names, rule names and imports turned into `data` references, calls bound to a
 * built-in or a function), constants folded, and output-argument calls turned into unification.
 */
import type { BuiltinDefinition } from '../builtin.ts';
import type { SourceLocation } from '../errors.ts';
import type { Value } from '../value/index.ts';

/** What a call invokes. */
export type Callee =
  | { readonly kind: 'builtin'; readonly name: string; readonly def: BuiltinDefinition | undefined }
  | { readonly kind: 'function'; readonly name: string; readonly path: readonly string[] }
  | { readonly kind: 'print' }
  /**
   * A template string's parts, joined (`internal.template_string`). The arguments at `spread`
   * are sets of a part's values (a part written with `with` modifiers).
   */
  | { readonly kind: 'template'; readonly spread?: readonly number[] };

/** A resolved term. */
export type IrTerm =
  | { readonly k: 'const'; readonly value: Value; readonly loc: SourceLocation }
  | { readonly k: 'var'; readonly name: string; readonly loc: SourceLocation }
  | { readonly k: 'root'; readonly root: 'input' | 'data'; readonly loc: SourceLocation }
  | {
      readonly k: 'ref';
      readonly head: IrTerm;
      readonly path: readonly IrTerm[];
      readonly loc: SourceLocation;
    }
  | { readonly k: 'array'; readonly items: readonly IrTerm[]; readonly loc: SourceLocation }
  | { readonly k: 'set'; readonly items: readonly IrTerm[]; readonly loc: SourceLocation }
  | {
      readonly k: 'object';
      readonly entries: readonly (readonly [IrTerm, IrTerm])[];
      readonly loc: SourceLocation;
    }
  | {
      readonly k: 'comp';
      readonly kind: 'array' | 'set' | 'object';
      /** Object comprehensions only. */
      readonly key: IrTerm | undefined;
      readonly value: IrTerm;
      readonly body: IrBody;
      readonly loc: SourceLocation;
    }
  | {
      readonly k: 'call';
      readonly callee: Callee;
      readonly args: readonly IrTerm[];
      readonly loc: SourceLocation;
    };

/** A nested body (rule body, comprehension, `every`, `not`), with the variables it shares. */
export interface IrBody {
  readonly literals: readonly IrLiteral[];
  /** Variables used inside that belong to an enclosing body (they must be bound on entry). */
  readonly outer: readonly string[];
}

/** The target of a `with` modifier. */
export type WithTarget =
  | { readonly kind: 'input'; readonly path: readonly string[] }
  | { readonly kind: 'data'; readonly path: readonly string[] }
  | { readonly kind: 'function'; readonly path: readonly string[] }
  | { readonly kind: 'builtin'; readonly name: string };

/** A `with` modifier. The replacement of a function is a value or another function. */
export interface IrWith {
  readonly target: WithTarget;
  readonly value: IrTerm;
  /** Set when the value names a function or built-in (replacement by another function). */
  readonly replacement: Callee | undefined;
  readonly loc: SourceLocation;
}

/** A resolved expression. */
export type IrExpr =
  | { readonly k: 'term'; readonly term: IrTerm }
  | { readonly k: 'unify'; readonly left: IrTerm; readonly right: IrTerm }
  | {
      readonly k: 'somein';
      readonly key: IrTerm | undefined;
      readonly value: IrTerm;
      readonly collection: IrTerm;
    }
  | {
      readonly k: 'every';
      readonly key: string | undefined;
      readonly value: string;
      readonly domain: IrTerm;
      readonly body: IrBody;
    }
  | { readonly k: 'not'; readonly body: IrBody }
  /**
   * `a and b`, `a or b`, `not { … }` (OPA v1.22): a test of operand bodies, each of which needs
   * one solution (`not`: none); it binds nothing. `and`/`or` short-circuit left to right.
   */
  | { readonly k: 'test'; readonly op: 'and' | 'or' | 'not'; readonly operands: readonly IrBody[] };

/** A resolved literal (negation is expressed as an `IrExpr` of kind `not`). */
export interface IrLiteral {
  readonly expr: IrExpr;
  readonly withs: readonly IrWith[];
  readonly loc: SourceLocation;
}

/** One `else` branch. */
export interface IrElse {
  readonly value: IrTerm;
  readonly body: IrBody;
  readonly loc: SourceLocation;
}

/** A resolved rule definition. */
export interface IrRule {
  readonly kind: 'single' | 'multi' | 'function';
  readonly isDefault: boolean;
  /** Path of the rule's node: package path followed by the leading string parts of its ref. */
  readonly path: readonly string[];
  /** The rest of the head ref after {@link path} (keys computed by the body). */
  readonly dynamic: readonly IrTerm[];
  /** Set member (`multi`). */
  readonly key: IrTerm | undefined;
  /** Value (`single`, `function`). */
  readonly value: IrTerm | undefined;
  /** Function parameters (patterns). */
  readonly args: readonly IrTerm[];
  readonly body: IrBody;
  readonly elses: readonly IrElse[];
  readonly loc: SourceLocation;
  /** Display name, e.g. `data.test.p`. */
  readonly name: string;
}
