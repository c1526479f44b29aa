/**
 * OPA's safety check of bodies (`reorderBodyForSafety`): each next literal is the first, in
 * source order, whose inputs are bound by the literals before it; a body whose remaining
 * literals can never run has unsafe variables (`rego_unsafe_var_error`). Nested bodies are
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

  private order(literals: readonly IrLiteral[], bound: Bound): IrLiteral[] {
    const remaining = [...literals];
    const ordered: IrLiteral[] = [];
    let b = bound;
    while (remaining.length > 0) {
      const ready = remaining.findIndex((lit) => {
        const after = this.binds(lit, b);
        if (after instanceof Missing) return false;
        b = after;
        return true;
      });
      if (ready < 0) {
        const first = remaining[0] as IrLiteral;
        const r = this.binds(first, b);
        throw unsafeError(r instanceof Missing ? r.vars : [], first.loc);
      }
      ordered.push(...remaining.splice(ready, 1));
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
