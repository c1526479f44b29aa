/**
 * Query (body) parsing: literals separated by newlines or `;`, `not`, `some` declarations,
 * `some … in …`, `every`, unification/assignment and `with` modifiers.
 */
import type { Body, Expr, Literal, Term, VarTerm, WithModifier } from './ast.ts';
import { type LiteralParts, parseLogicLiteral } from './parse-logic.ts';
import { MEMBER_2, MEMBER_3, parseTerm, parseTermInfix } from './parse-term.ts';
import type { ParserState } from './parser-state.ts';

/**
 * Parses literals until the punctuation `end` (not consumed) or, with `end` undefined, until
 * the end of input.
 */
export function parseBody(p: ParserState, end: string | undefined): Body {
  p.enter();
  try {
    const atEnd = () => (end === undefined ? p.tok.kind === 'eof' : p.isPunct(end));
    if (atEnd()) p.unexpected('found empty body');
    const body: Literal[] = [];
    for (;;) {
      body.push(parseLiteral(p));
      if (p.isPunct(';')) {
        p.next();
        continue;
      }
      if (atEnd()) return body;
      if (!p.tok.newline) p.unexpected(`expected newline, ';' or ${end === undefined ? 'end' : `'${end}'`}`);
    }
  } finally {
    p.leave();
  }
}

/** Parses one literal. */
export function parseLiteral(p: ParserState): Literal {
  const logic = parseLogicLiteral(p, LITERAL_PARTS);
  if (logic) return logic;
  const loc = p.tok.loc;
  let negated = false;
  if (p.isKeyword('not')) {
    p.next();
    negated = true;
  }
  let expr: Expr;
  if (p.isKeyword('some')) {
    if (negated) p.unexpected("illegal negation of 'some'");
    expr = parseSome(p);
  } else if (p.isKeyword('every')) {
    if (negated) p.unexpected("illegal negation of 'every'");
    expr = parseEvery(p);
  } else {
    expr = parseExpr(p);
  }
  const withs = p.isKeyword('with') ? parseWiths(p) : [];
  return { negated, expr, withs, loc };
}

const LITERAL_PARTS: LiteralParts = {
  expr: (p) => parseExpr(p),
  withs: (p) => parseWiths(p),
  body: (p, end) => [...parseBody(p, end)],
};

function parseExpr(p: ParserState): Expr {
  const left = parseTermInfix(p, true);
  if (p.isPunct('=') || p.isPunct(':=')) {
    const assign = p.next().text === ':=';
    return { type: 'unify', assign, left, right: parseTermInfix(p, true) };
  }
  return { type: 'term', term: left };
}

function isMembership(t: Term): t is Extract<Term, { type: 'call' }> {
  return t.type === 'call' && t.infix === 'in' && (t.name === MEMBER_2 || t.name === MEMBER_3);
}

function parseSome(p: ParserState): Expr {
  p.next();
  if (p.keywords.has('in')) {
    const start = p.pos;
    const member = p.attempt(() => parseTermInfix(p, true));
    if (member && isMembership(member)) {
      const [a, b, c] = member.args as [Term, Term, Term | undefined];
      return c === undefined
        ? { type: 'somein', key: undefined, value: a, collection: b }
        : { type: 'somein', key: a, value: b, collection: c };
    }
    p.pos = start;
  }
  const vars: VarTerm[] = [];
  for (;;) {
    vars.push(parseVarName(p));
    if (!p.isPunct(',')) return { type: 'some', vars };
    p.next();
  }
}

function parseVarName(p: ParserState): VarTerm {
  const t = p.tok;
  if (t.kind !== 'ident' || p.isKeywordName(t.text)) p.unexpected('expected var');
  p.next();
  return { type: 'var', name: t.text === '_' ? p.wildcard() : t.text, loc: t.loc };
}

function parseEvery(p: ParserState): Expr {
  p.next();
  const member = parseTermInfix(p, true);
  if (!isMembership(member)) p.fail(member.loc, 'expected `x[, y] in xs { ... }` expression');
  const [a, b, c] = member.args as [Term, Term, Term | undefined];
  const [key, value, domain] = c === undefined ? [undefined, a, b] : [a, b, c];
  // `input` and `data` are the documents, not variables (OPA parses them as references).
  const isVar = (t: Term): t is VarTerm => t.type === 'var' && t.name !== 'input' && t.name !== 'data';
  if (key !== undefined && !isVar(key)) p.fail(key.loc, 'expected key to be a variable');
  if (!isVar(value)) p.fail(value.loc, 'expected value to be a variable');
  if (!p.isPunct('{')) p.unexpected('missing body');
  p.next();
  const body = parseBody(p, '}');
  p.next();
  return { type: 'every', key, value, domain, body };
}

/** Parses `with target as value` modifiers (the current token is `with`). */
export function parseWiths(p: ParserState): WithModifier[] {
  const withs: WithModifier[] = [];
  while (p.isKeyword('with')) {
    const loc = p.next().loc;
    if (p.tok.kind !== 'ident') p.unexpected('expected ident');
    const target = parseTerm(p);
    if (target.type !== 'var' && target.type !== 'ref') p.fail(target.loc, 'expected with target path');
    if (!p.isKeyword('as')) p.unexpected('expected as keyword');
    p.next();
    withs.push({ target, value: parseTermInfix(p, true), loc });
  }
  return withs;
}
