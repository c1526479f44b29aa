/**
 * The logical operators of OPA v1.22: `a and b`, `a or b` (`and` binds tighter; both fold to the
 * left), `not { … }` bodies and parenthesized groups `(a or b)`. They exist only where a module
 * enables them (`import future.keywords.and|or|not`, `import future.keywords`, `import rego.v2`).
 */
import type { Expr, Literal, Operand, WithModifier } from './ast.ts';
import type { ParserState } from './parser-state.ts';

/** Parsers of the plain literal parts, passed in by the body parser. */
export interface LiteralParts {
  /** An expression without `not` and `with` (`x == 1`, `f(x)`, `y := 2`). */
  readonly expr: (p: ParserState) => Expr;
  /** `with` modifiers, when the current token is `with`. */
  readonly withs: (p: ParserState) => WithModifier[];
  /** A body up to the punctuation `end` (not consumed). */
  readonly body: (p: ParserState, end: string) => Literal[];
}

/** An operand holding one literal. */
function single(lit: Literal): Operand {
  return { body: [lit], explicit: false };
}

function literal(expr: Expr, loc: Literal['loc'], negated = false, withs: WithModifier[] = []): Literal {
  return { negated, expr, withs, loc };
}

/**
 * Parses a literal led by a logical construct, or returns `undefined` (position unchanged) when
 * the literal is a plain one: `{ … } or …`, `(a or b) and …`, `not { … }`, `not (a or b)`, and
 * any expression followed by `and`/`or`.
 */
export function parseLogicLiteral(p: ParserState, parts: LiteralParts): Literal | undefined {
  if (!p.logicActive && !p.notBodies) return undefined;
  if (p.isKeyword('some') || p.isKeyword('every')) return undefined;
  const loc = p.tok.loc;
  if (p.logicActive && p.isPunct('{')) {
    const start = p.pos;
    const body = p.attempt(() => explicitBody(p, parts));
    if (body && p.logicOperator()) return finish(p, parts, chain(p, parts, body), loc);
    p.pos = start;
  }
  if (p.logicActive && p.isPunct('(')) {
    const group = parseGroup(p, parts, false);
    if (group) return finish(p, parts, p.logicOperator() ? chain(p, parts, group) : group, loc);
  }
  const start = p.pos;
  const lhs = p.attempt(() => parseOperand(p, parts, true));
  if (!lhs) return undefined;
  if (p.logicOperator()) {
    const lit = lhs.body[0] as Literal;
    if (lit.withs.length > 0) {
      p.failDefinitely(
        lit.withs[0]?.loc ?? loc,
        `\`with\` modifier is not allowed on operand of \`${p.logicOperator()}\``,
      );
    }
    return finish(p, parts, chain(p, parts, lhs), loc);
  }
  if (lhs.explicit || (lhs.body[0] as Literal).expr.type === 'group') return finish(p, parts, lhs, loc);
  p.pos = start;
  return undefined;
}

/** The literal of an operand, with the `with` modifiers that follow it. */
function finish(p: ParserState, parts: LiteralParts, op: Operand, loc: Literal['loc']): Literal {
  const withs = p.isKeyword('with') ? parts.withs(p) : [];
  if (op.explicit) return literal({ type: 'group', operand: op }, loc, false, withs);
  const lit = op.body[0] as Literal;
  return { ...lit, withs: [...lit.withs, ...withs], loc };
}

function explicitBody(p: ParserState, parts: LiteralParts): Operand {
  p.next();
  const body = parts.body(p, '}');
  p.next();
  return { body, explicit: true };
}

/** `lhs (and|or) …`: an `or` chain of `and` chains, folded to the left. */
function chain(p: ParserState, parts: LiteralParts, lhs: Operand): Operand {
  let left = p.isKeyword('and') ? andChain(p, parts, lhs) : lhs;
  while (p.isKeyword('or')) {
    p.next();
    let right = operand(p, parts, 'or');
    if (p.isKeyword('and')) right = andChain(p, parts, right);
    left = single(literal({ type: 'logic', op: 'or', left, right }, opLoc(left)));
  }
  return left;
}

function andChain(p: ParserState, parts: LiteralParts, lhs: Operand): Operand {
  let left = lhs;
  while (p.isKeyword('and')) {
    p.next();
    const right = operand(p, parts, 'and');
    left = single(literal({ type: 'logic', op: 'and', left, right }, opLoc(left)));
  }
  return left;
}

function opLoc(op: Operand): Literal['loc'] {
  return (op.body[0] as Literal).loc;
}

/** The right operand of `op`. */
function operand(p: ParserState, parts: LiteralParts, op: 'and' | 'or'): Operand {
  if (p.isPunct('{')) return explicitBody(p, parts);
  if (p.logicOperator()) p.unexpected(`expected operand of \`${op}\``);
  return parseOperand(p, parts, false);
}

/**
 * One implicit operand: `not { … }`, `not (…)`, `(…)` holding a logical group, or an expression
 * (negated or not). With `withs`, trailing `with` modifiers are read into the literal (a leading
 * operand; the caller refuses them before `and`/`or`).
 */
function parseOperand(p: ParserState, parts: LiteralParts, withs: boolean): Operand {
  const loc = p.tok.loc;
  if (p.isKeyword('not')) {
    p.next();
    if (p.isKeyword('not')) p.unexpected();
    if (!p.notBodies) return plain(p, parts, loc, true, withs);
    if (p.isPunct('{')) return single(literal({ type: 'group', operand: explicitBody(p, parts) }, loc, true));
    if (p.isPunct('(')) {
      const group = parseGroup(p, parts, true);
      if (group) return single(literal({ type: 'group', operand: group }, loc, true));
    }
    // OPA reads `not expr` as `not { expr }`: the operands of `expr` are evaluated inside.
    const inner = plain(p, parts, loc, false, false);
    const modifiers = withs && p.isKeyword('with') ? parts.withs(p) : [];
    return single(literal({ type: 'group', operand: inner }, loc, true, modifiers));
  }
  if (p.isPunct('(') && p.logicActive) {
    const group = parseGroup(p, parts, !withs);
    if (group) return group;
  }
  return plain(p, parts, loc, false, withs);
}

function plain(
  p: ParserState,
  parts: LiteralParts,
  loc: Literal['loc'],
  negated: boolean,
  withs: boolean,
): Operand {
  if (p.isKeyword('some') || p.isKeyword('every')) return p.unexpected('expected expression');
  const expr = parts.expr(p);
  return single(literal(expr, loc, negated, withs && p.isKeyword('with') ? parts.withs(p) : []));
}

/**
 * `( … )` as a group of operands: committed when it holds `and`/`or`, a negation or nested group,
 * or (as an operand, or before `and`/`or`) one expression with `with` modifiers. Otherwise the
 * position is restored and `undefined` returned: the parentheses belong to a term (`(a == b)`).
 */
function parseGroup(p: ParserState, parts: LiteralParts, operandContext: boolean): Operand | undefined {
  const start = p.pos;
  const open = p.next();
  if (p.isPunct(')')) {
    if (operandContext) p.fail(open.loc, 'empty parenthesized group');
    p.pos = start;
    return undefined;
  }
  const lhs = p.attempt(() => (p.isPunct('{') ? explicitBody(p, parts) : parseOperand(p, parts, true)));
  if (!lhs) {
    p.pos = start;
    return undefined;
  }
  const lit = lhs.body[0] as Literal;
  if (p.logicOperator() && (lhs.explicit || lit.withs.length === 0)) {
    // A trailing `with` binds to the whole group: `(a or b with input as x)`.
    const inner = chain(p, parts, lhs).body[0] as Literal;
    const withs = p.isKeyword('with') ? parts.withs(p) : [];
    p.expectPunct(')', "')' closing the parenthesized group");
    return single({ ...inner, withs: [...inner.withs, ...withs] });
  }
  const nested = !lhs.explicit && (lit.negated || lit.expr.type === 'logic' || lit.expr.type === 'group');
  if (nested || (!lhs.explicit && lit.withs.length > 0)) {
    if (!p.isPunct(')')) {
      p.pos = start;
      return undefined;
    }
    p.next();
    if (nested || operandContext || p.logicOperator()) return lhs;
  }
  p.pos = start;
  return undefined;
}
