/**
 * Rule parsing: heads (`p`, `p.q[r]`, `f(x)`, `= v`, `:= v`, `contains v`), `default`, bodies
 * with or without `if`, several bodies (`p { a } { b }`), and `else` chains, with the v0 and v1
 * interpretations of `p[x]`.
 */
import type { Body, ElseClause, Literal, Rule, RuleKind, Term } from './ast.ts';
import { parseBody, parseLiteral } from './parse-query.ts';
import { parseSuffix, parseTermInfix } from './parse-term.ts';
import type { ParserState } from './parser-state.ts';

interface Head {
  name: string;
  ref: Term[];
  args: Term[] | undefined;
  key: Term | undefined;
  value: Term | undefined;
  contains: boolean;
}

/** Parses one rule statement (several rules when it has several bodies). */
export function parseRules(p: ParserState): Rule[] {
  const loc = p.tok.loc;
  const isDefault = p.isKeyword('default');
  if (isDefault) p.next();
  const head = parseHead(p);
  if (isDefault) return [defaultRule(p, head, loc)];

  const hasIf = p.isKeyword('if');
  let kind: RuleKind = head.args ? 'function' : head.contains ? 'multi' : 'single';
  let ref = head.ref;
  let key = head.key;
  let value = head.value;
  if (!head.contains && !head.args && ref.length === 2) {
    if (hasIf) {
      value ??= trueTerm(loc);
    } else if (value === undefined) {
      if (p.version === 'v1') p.fail(loc, '`contains` keyword is required for partial set rules (rego.v1)');
      kind = 'multi';
      key = ref[1];
      ref = ref.slice(0, 1);
    }
  }
  if (kind !== 'multi') value ??= trueTerm(loc);

  const body = parseRuleBody(p, hasIf);
  const rules: Rule[] = [];
  const make = (b: Body, elses: ElseClause[], at = loc): Rule => ({
    kind,
    isDefault: false,
    name: head.name,
    ref,
    args: head.args ?? [],
    key,
    value,
    body: b,
    elses,
    loc: at,
  });
  const elses: ElseClause[] = [];
  if (p.isKeyword('else')) {
    if (kind === 'multi') p.unexpected('else keyword cannot be used on multi-value rules');
    if (ref.slice(1).some((t) => t.type !== 'scalar')) {
      p.unexpected('else keyword cannot be used on rules with variables in head');
    }
    while (p.isKeyword('else')) {
      // OPA's parser ends the chain at an `else` without a body: another `else` is an error.
      if (elses.length > 0 && (elses[elses.length - 1] as ElseClause).body.length === 0) p.unexpected();
      elses.push(parseElse(p));
    }
  }
  rules.push(make(body, elses));
  while (p.isPunct('{') && elses.length === 0) {
    const at = p.tok.loc;
    if (p.version === 'v1') p.unexpected('`if` keyword is required before rule body (rego.v1)');
    p.next();
    const extra = parseBody(p, '}');
    p.next();
    rules.push(make(extra, [], at));
  }
  return rules;
}

function trueTerm(loc: Term['loc']): Term {
  return { type: 'scalar', value: true, loc };
}

function parseHead(p: ParserState): Head {
  const t = p.tok;
  if (t.kind !== 'ident' || (p.isKeywordName(t.text) && t.text !== 'contains' && !p.startsRef())) {
    p.unexpected('expected rule head');
  }
  p.next();
  const headTerm = parseSuffix(p, { type: 'var', name: t.text, loc: t.loc }, true);
  const head: Head = {
    name: t.text,
    ref: [],
    args: undefined,
    key: undefined,
    value: undefined,
    contains: false,
  };
  if (headTerm.type === 'var') {
    head.ref = [headTerm];
  } else if (headTerm.type === 'ref' && headTerm.head.type === 'var') {
    head.ref = [headTerm.head, ...headTerm.path];
  } else if (headTerm.type === 'call') {
    const parts = headTerm.name.split('.');
    head.ref = parts.map((name, i) =>
      i === 0 ? { type: 'var', name, loc: t.loc } : { type: 'scalar', value: name, loc: t.loc },
    );
    head.args = [...headTerm.args];
  } else {
    p.fail(t.loc, 'illegal rule head');
  }
  if (p.isKeyword('contains')) {
    if (head.args) p.unexpected('the contains keyword can only be used with multi-value rule definitions');
    p.next();
    head.contains = true;
    head.key = parseTermInfix(p, true);
    return head;
  }
  if (p.isPunct('=') || p.isPunct(':=')) {
    p.next();
    head.value = parseTermInfix(p, true);
  }
  return head;
}

function defaultRule(p: ParserState, head: Head, loc: Term['loc']): Rule {
  if (head.contains || head.value === undefined) p.fail(loc, 'illegal default rule (must have a value)');
  checkDefaultValue(p, head.value, loc);
  for (const a of head.args ?? []) {
    if (a.type !== 'var' && a.type !== 'scalar')
      p.fail(loc, `illegal default rule (arguments cannot contain ${a.type})`);
  }
  return {
    kind: head.args ? 'function' : 'single',
    isDefault: true,
    name: head.name,
    ref: head.ref,
    args: head.args ?? [],
    key: undefined,
    value: head.value,
    body: [],
    elses: [],
    loc,
  };
}

function checkDefaultValue(p: ParserState, t: Term, loc: Term['loc']): void {
  switch (t.type) {
    case 'ref':
    case 'var':
    case 'call':
      p.fail(loc, `illegal default rule (value cannot contain ${t.type})`);
      break;
    case 'array':
    case 'set':
      for (const x of t.items) checkDefaultValue(p, x, loc);
      break;
    case 'object':
      for (const [k, v] of t.entries) {
        checkDefaultValue(p, k, loc);
        checkDefaultValue(p, v, loc);
      }
      break;
  }
}

/** Body after a head: `if` + literal or `{…}`, `{…}`, or none (a constant rule). */
function parseRuleBody(p: ParserState, hasIf: boolean): Body {
  if (hasIf) {
    p.next();
    if (!p.isPunct('{')) return [parseBodyLiteral(p)];
    const start = p.pos;
    const asBlock = p.attempt(() => parseBlock(p));
    // `p if { … } or …`: the braces are the first operand of `or` (OPA v1.22).
    if (asBlock && !p.logicOperator()) return asBlock;
    p.pos = start;
    return [parseBodyLiteral(p)];
  }
  if (!p.isPunct('{')) return [];
  if (p.version === 'v1') p.unexpected('`if` keyword is required before rule body (rego.v1)');
  return parseBlock(p);
}

function parseBlock(p: ParserState): Body {
  p.next();
  const body = parseBody(p, '}');
  p.next();
  return body;
}

function parseBodyLiteral(p: ParserState): Literal {
  const lit = parseLiteral(p);
  if (lit.expr.type === 'term' && lit.expr.term.type === 'set')
    p.fail(lit.loc, 'rule body cannot be a set literal');
  return lit;
}

function parseElse(p: ParserState): ElseClause {
  const loc = p.next().loc;
  let value: Term = trueTerm(loc);
  const hasValue = p.isPunct('=') || p.isPunct(':=');
  if (hasValue) {
    p.next();
    value = parseTermInfix(p, true);
  }
  const hasIf = p.isKeyword('if');
  if (!hasIf && !p.isPunct('{')) {
    // `else := v` may stand alone; a bare `else` needs a body (OPA's parser).
    if (!hasValue) p.unexpected('expected else value term or rule body');
    return { value, body: [], loc };
  }
  if (!hasIf && p.version === 'v1') p.unexpected('`if` keyword is required before rule body (rego.v1)');
  return { value, body: parseRuleBody(p, hasIf), loc };
}
