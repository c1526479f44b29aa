/**
 * OPA's safety check of bodies (`reorderBodyForSafety`): literals are placed in passes over the
 * body, each pass taking, in source order, every literal whose inputs are bound by the literals
 * placed before it; a body whose remaining literals can never run has unsafe variables
 * (`rego_unsafe_var_error`). Nested bodies are
 * ordered where evaluation reaches them, so errors surface in evaluation order.
 */
import { RegoError, type SourceLocation } from '../../errors.ts';
import type { IrLiteral } from '../ir.ts';
import type { ResolvedRule } from '../resolve-rule.ts';
import type { RuleNode } from '../rule-tree.ts';
import { displayName } from '../scope.ts';
import { literalBinds } from './literal-bindings.ts';
import { type Analysis, type Bound, type Continue, Missing, type Outcome } from './term-bindings.ts';

/** The error for variables no expression can bind (wildcards are shown as `_`). */
export function unsafeError(vars: readonly string[], loc: SourceLocation | undefined): RegoError {
  const names = [...new Set(vars.map((v) => (v.startsWith('$') ? '_' : displayName(v))))];
  return new RegoError('rego_unsafe_var_error', names.map((v) => `var ${v} is unsafe`).join('; '), loc);
}

/** The safe order of each body checked, by the body's literals as resolved. */
export type BodyOrders = Map<readonly IrLiteral[], readonly IrLiteral[]>;

/** Checks bodies for safety against one rule tree, recording the order of each. */
export class SafetyCheck {
  readonly orders: BodyOrders = new Map();
  private readonly trial: Analysis;
  private readonly analysis: Analysis;

  constructor(tree: RuleNode<ResolvedRule>) {
    this.trial = { tree, nested: undefined };
    this.analysis = { tree, nested: (body, bound, terminal) => this.body(body.literals, bound, terminal) };
  }

  /** The analysis that checks nested bodies (for the terms of rule heads and parameters). */
  get check(): Analysis {
    return this.analysis;
  }

  /**
   * Orders `literals` given `bound`, then checks them in that order followed by `terminal`
   * (what is evaluated after the body). Throws `rego_unsafe_var_error`; returns the variables
   * `terminal` waits for when the body is empty.
   */
  body(literals: readonly IrLiteral[], bound: Bound, terminal: Continue): Outcome {
    const ordered = this.order(literals, bound);
    this.orders.set(literals, ordered);
    const chain = (i: number, b: Bound): Outcome => {
      const lit = ordered[i];
      if (lit === undefined) return terminal(b);
      const r = literalBinds(this.analysis, lit, b, (b2) => chain(i + 1, b2));
      if (r) throw unsafeError(r.vars, lit.loc);
      return undefined;
    };
    return chain(0, bound);
  }

  /**
   * OPA's passes: each pass goes through the literals not yet placed in source order and places
   * every one whose inputs are bound by then (a literal placed in a pass binds for the later
   * literals of the same pass); passes repeat until all are placed or one places nothing.
   */
  private order(literals: readonly IrLiteral[], bound: Bound): IrLiteral[] {
    const remaining = [...literals];
    const ordered: IrLiteral[] = [];
    let b = bound;
    while (remaining.length > 0) {
      const placed = ordered.length;
      for (let i = 0; i < remaining.length; ) {
        const after = this.binds(remaining[i] as IrLiteral, b);
        if (after instanceof Missing) {
          i++;
          continue;
        }
        b = after;
        ordered.push(...remaining.splice(i, 1));
      }
      if (ordered.length === placed) {
        const first = remaining[0] as IrLiteral;
        const r = this.binds(first, b);
        throw unsafeError(r instanceof Missing ? r.vars : [], first.loc);
      }
    }
    return ordered;
  }

  /** What `lit` binds when evaluated with `bound`, or what it waits for. */
  private binds(lit: IrLiteral, bound: Bound): Bound | Missing {
    let after = bound;
    const r = literalBinds(this.trial, lit, bound, (b) => {
      after = b;
      return undefined;
    });
    return r ?? after;
  }
}
