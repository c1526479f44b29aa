/**
 * The Rego syntax tree produced by the parser. Nodes are plain readonly objects; every node
 * carries the location of its first token.
 */
import type { SourceLocation } from '../errors.ts';
import type { PlainObject } from '../value/index.ts';

/** A scalar literal: `null`, `true`, a number (bigint beyond 2^53) or a string. */
export interface ScalarTerm {
  readonly type: 'scalar';
  readonly value: null | boolean | number | bigint | string;
  /** A number literal's text where OPA's text of it differs from the value's (`1.0`, `1e2`). */
  readonly text?: string;
  readonly loc: SourceLocation;
}

/** A variable (wildcards `_` are renamed to unique `$N` names by the parser). */
export interface VarTerm {
  readonly type: 'var';
  readonly name: string;
  readonly loc: SourceLocation;
}

/** A reference: a head term followed by `.name` or `[term]` selections. */
export interface RefTerm {
  readonly type: 'ref';
  readonly head: Term;
  /** Selections; `.name` becomes a string scalar. */
  readonly path: readonly Term[];
  readonly loc: SourceLocation;
}

/** A call: `f(x)`, `a.b.c(x)`, or an infix operator (`x + 1` is the call `plus(x, 1)`). */
export interface CallTerm {
  readonly type: 'call';
  /** Dotted operator name as written (`count`, `data.lib.f`) or the built-in name of an operator. */
  readonly name: string;
  readonly args: readonly Term[];
  /** The operator symbol when the call was written infix (`+`, `==`, `in`). */
  readonly infix?: string;
  readonly loc: SourceLocation;
}

/** An array literal `[a, b]`. */
export interface ArrayTerm {
  readonly type: 'array';
  readonly items: readonly Term[];
  readonly loc: SourceLocation;
}

/** A set literal `{a, b}` (empty: `set()`). */
export interface SetTerm {
  readonly type: 'set';
  readonly items: readonly Term[];
  readonly loc: SourceLocation;
}

/** An object literal `{"k": v}`. */
export interface ObjectTerm {
  readonly type: 'object';
  readonly entries: readonly (readonly [Term, Term])[];
  readonly loc: SourceLocation;
}

/** `[head | body]`. */
export interface ArrayComprehension {
  readonly type: 'arraycomp';
  readonly head: Term;
  readonly body: Body;
  readonly loc: SourceLocation;
}

/** `{head | body}`. */
export interface SetComprehension {
  readonly type: 'setcomp';
  readonly head: Term;
  readonly body: Body;
  readonly loc: SourceLocation;
}

/** `{key: value | body}`. */
export interface ObjectComprehension {
  readonly type: 'objectcomp';
  readonly key: Term;
  readonly value: Term;
  readonly body: Body;
  readonly loc: SourceLocation;
}

/** Any term. */
export type Term =
  | ScalarTerm
  | VarTerm
  | RefTerm
  | CallTerm
  | ArrayTerm
  | SetTerm
  | ObjectTerm
  | ArrayComprehension
  | SetComprehension
  | ObjectComprehension;

/** An expression that is a term (calls included): true unless undefined or `false`. */
export interface TermExpr {
  readonly type: 'term';
  readonly term: Term;
}

/** `left = right` (unification) or `left := right` (assignment). */
export interface UnifyExpr {
  readonly type: 'unify';
  readonly assign: boolean;
  readonly left: Term;
  readonly right: Term;
}

/** `some x, y` (declaration only). */
export interface SomeDecl {
  readonly type: 'some';
  readonly vars: readonly VarTerm[];
}

/** `some x in xs` / `some k, v in xs`. */
export interface SomeIn {
  readonly type: 'somein';
  readonly key: Term | undefined;
  readonly value: Term;
  readonly collection: Term;
}

/** `every x in xs { … }` / `every k, v in xs { … }`. */
export interface EveryExpr {
  readonly type: 'every';
  readonly key: VarTerm | undefined;
  readonly value: VarTerm;
  readonly domain: Term;
  readonly body: Body;
}

/**
 * An operand of `and`/`or` or of `not { … }` (OPA v1.22): a body that succeeds at most once and
 * binds nothing outside. Written `{ … }` (`explicit`: its own variables are local to it) or as one
 * expression (its variables are those of the enclosing body).
 */
export interface Operand {
  readonly body: Body;
  readonly explicit: boolean;
}

/** `a and b`, `a or b` (OPA v1.22): a test of its operands, short-circuiting left to right. */
export interface LogicExpr {
  readonly type: 'logic';
  readonly op: 'and' | 'or';
  readonly left: Operand;
  readonly right: Operand;
}

/** A body used as an expression: `not { … }`, `not (a or b)` (the literal is negated). */
export interface GroupExpr {
  readonly type: 'group';
  readonly operand: Operand;
}

/** The expression of a literal. */
export type Expr = TermExpr | UnifyExpr | SomeDecl | SomeIn | EveryExpr | LogicExpr | GroupExpr;

/** `with target as value`. */
export interface WithModifier {
  /** `input…`, `data…`, or a function/built-in name (a var or ref). */
  readonly target: Term;
  readonly value: Term;
  readonly loc: SourceLocation;
}

/** One statement of a body. */
export interface Literal {
  readonly negated: boolean;
  readonly expr: Expr;
  readonly withs: readonly WithModifier[];
  readonly loc: SourceLocation;
}

/** A conjunction of literals. */
export type Body = readonly Literal[];

/**
 * Kind of a rule: `single` (one value at its ref: complete rules, partial objects, ref heads),
 * `multi` (a set member: `contains`, v0 `p[x] { … }`), `function`.
 */
export type RuleKind = 'single' | 'multi' | 'function';

/** An `else` branch of a rule. */
export interface ElseClause {
  readonly value: Term;
  readonly body: Body;
  readonly loc: SourceLocation;
}

/** A rule (one definition; `p { a } { b }` yields two). */
export interface Rule {
  readonly kind: RuleKind;
  readonly isDefault: boolean;
  /** The head reference: a name followed by selections (`p`, `p.q`, `p[x].r`). */
  readonly name: string;
  readonly ref: readonly Term[];
  /** Function parameters. */
  readonly args: readonly Term[];
  /** The member for `multi` rules. */
  readonly key: Term | undefined;
  /** The value for `single` rules and functions (`true` when omitted). */
  readonly value: Term | undefined;
  readonly body: Body;
  readonly elses: readonly ElseClause[];
  readonly loc: SourceLocation;
  /** METADATA annotations of the rule (scope included). */
  readonly annotations?: PlainObject;
}

/** An `import` statement. */
export interface Import {
  /** Root (`data`, `input`, `future`, `rego`) followed by string selections. */
  readonly path: readonly string[];
  readonly alias: string | undefined;
  readonly loc: SourceLocation;
}

/** Syntax version of a module. */
export type RegoVersion = 'v0' | 'v1';

/** A parsed module. */
export interface Module {
  readonly file: string;
  /** Package path without the `data` root. */
  readonly packagePath: readonly string[];
  readonly packageLoc: SourceLocation;
  readonly imports: readonly Import[];
  readonly rules: readonly Rule[];
  /** `v1` for v1 modules and v0 modules importing `rego.v1`. */
  readonly version: RegoVersion;
  /** METADATA annotations of the package statement (scope included). */
  readonly annotations?: PlainObject;
}
