/**
 * Term parsing: operator precedence (membership `in` < comparison < `|` < `&` < `+ -` <
 * `* / %`), scalars, variables, references, calls, arrays, sets, objects and comprehensions.
 */
import { RegoError } from '../errors.ts';
import { opaAtLeast } from '../opa-version.ts';
import type { CallTerm, Term } from './ast.ts';
import { numberTerm } from './number-literal.ts';
import { parseArray, parseSetOrObject } from './parse-collection.ts';
import { parseTemplate } from './parse-template.ts';
import { ParserState } from './parser-state.ts';

/** Built-in names of the infix operators. */
export const INFIX_BUILTINS: Readonly<Record<string, string>> = {
  '==': 'equal',
  '!=': 'neq',
  '<': 'lt',
  '<=': 'lte',
  '>': 'gt',
  '>=': 'gte',
  '|': 'or',
  '&': 'and',
  '+': 'plus',
  '-': 'minus',
  '*': 'mul',
  '/': 'div',
  '%': 'rem',
};

/** Name of the membership built-in of `x in xs`. */
export const MEMBER_2 = 'internal.member_2';
/** Name of the membership built-in of `k, v in xs`. */
export const MEMBER_3 = 'internal.member_3';
function call(name: string, args: Term[], infix: string, lhs: Term): CallTerm {
  return { type: 'call', name, args, infix, loc: lhs.loc };
}

/**
 * Parses a term with infix operators. With `keyVal`, also accepts `k, v in xs`.
 */
export function parseTermInfix(p: ParserState, keyVal: boolean): Term {
  p.enter();
  try {
    let lhs = parseRelation(p);
    if (keyVal && p.isPunct(',') && p.keywords.has('in')) {
      const three = p.attempt(() => {
        p.next();
        const mhs = parseRelation(p);
        if (!p.isKeyword('in')) p.unexpected("expected 'in'");
        p.next();
        return call(MEMBER_3, [lhs, mhs, parseRelation(p)], 'in', lhs);
      });
      if (three) lhs = three;
    }
    while (p.isKeyword('in')) {
      p.next();
      lhs = call(MEMBER_2, [lhs, parseRelation(p)], 'in', lhs);
    }
    return lhs;
  } finally {
    p.leave();
  }
}

type Level = (p: ParserState) => Term;

function binaryLevel(ops: readonly string[], operand: Level): Level {
  return (p) => {
    let lhs = operand(p);
    for (;;) {
      const t = p.tok;
      if (t.kind !== 'punct' || !ops.includes(t.text)) return lhs;
      p.next();
      lhs = call(INFIX_BUILTINS[t.text] as string, [lhs, operand(p)], t.text, lhs);
    }
  };
}

const parseFactor = binaryLevel(['*', '/', '%'], (p) => parseTerm(p));
const parseArith = binaryLevel(['+', '-'], parseFactor);
const parseAnd = binaryLevel(['&'], parseArith);
const parseOr = binaryLevel(['|'], parseAnd);
const parseRelation = binaryLevel(['==', '!=', '<', '<=', '>', '>='], parseOr);

/** Parses one operand term (no infix operators at this level), with its ref/call suffix. */
export function parseTerm(p: ParserState): Term {
  const start = p.pos;
  const cached = p.termCache.get(start);
  if (cached instanceof RegoError) throw cached;
  if (cached) {
    p.pos = cached.end;
    return cached.term;
  }
  p.enter();
  try {
    const term = parseSuffix(p, parsePrimary(p));
    p.termCache.set(start, { term, end: p.pos });
    return term;
  } catch (e) {
    if (e instanceof RegoError && !ParserState.isDefinite(e)) p.termCache.set(start, e);
    throw e;
  } finally {
    p.leave();
  }
}

function parsePrimary(p: ParserState): Term {
  const t = p.tok;
  const loc = t.loc;
  switch (t.kind) {
    case 'number':
      p.next();
      return numberTerm(p, t.text, loc);
    case 'string':
      p.next();
      return { type: 'scalar', value: t.text, loc };
    case 'ident':
      return parseIdent(p);
    case 'template-start':
      // OPA's v0 syntax has no template strings.
      if (p.version === 'v0') p.fail(t.loc, 'template strings are not supported by current capabilities');
      return parseTemplate(p);
    case 'punct':
      break;
    default:
      return p.unexpected();
  }
  switch (t.text) {
    case '-':
    case '.': {
      p.next();
      if (t.text === '-' && negatesTerm(p)) {
        const operand = parseTerm(p);
        return {
          type: 'call',
          name: 'minus',
          args: [{ type: 'scalar', value: 0, loc }, operand],
          infix: '-',
          loc,
        };
      }
      let text = t.text === '.' ? '.' : '-';
      if (t.text === '-' && p.isPunct('.')) text += p.next().text;
      if (p.tok.kind !== 'number' || (text.endsWith('.') && p.tok.spaced)) p.unexpected('expected number');
      const digits = p.next().text;
      return numberTerm(p, text.replace(/\.$/, '0.') + digits, loc);
    }
    case '[':
      return parseArray(p);
    case '{':
      return parseSetOrObject(p);
    case '(': {
      p.next();
      const inner = parseTermInfix(p, true);
      p.expectPunct(')', "')' (non-terminated expression)");
      return inner;
    }
    default:
      return p.unexpected();
  }
}

/**
 * OPA v1.22 reads `-` before a variable, reference or call as `minus(0, term)`; `true`, `false`,
 * `null`, strings and collections after `-` stay errors, as before.
 */
function negatesTerm(p: ParserState): boolean {
  const t = p.tok;
  if (!opaAtLeast(p.opaVersion, 'v1.22.2') || t.kind !== 'ident') return false;
  if (t.text === 'true' || t.text === 'false' || t.text === 'null') return false;
  return !p.isKeywordName(t.text) || p.startsRef();
}

function parseIdent(p: ParserState): Term {
  const t = p.tok;
  const loc = t.loc;
  if (p.startsRef()) {
    p.next();
    return { type: 'var', name: t.text, loc };
  }
  switch (t.text) {
    case 'null':
      p.next();
      return { type: 'scalar', value: null, loc };
    case 'true':
    case 'false':
      p.next();
      return { type: 'scalar', value: t.text === 'true', loc };
  }
  if (p.isKeywordName(t.text) && t.text !== 'contains') p.unexpected();
  p.next();
  if (t.text === '_') return { type: 'var', name: p.wildcard(), loc };
  return { type: 'var', name: t.text, loc };
}

/** Continues `head` with adjacent `.name`, `[term]` and `(args)` selections. */
export function parseSuffix(p: ParserState, head: Term, allowSpaceFirst = false): Term {
  let term = head;
  let first = true;
  for (;;) {
    const t = p.tok;
    if (t.kind !== 'punct' || (t.spaced && !(allowSpaceFirst && first))) return term;
    first = false;
    if (t.text === '.') {
      p.next();
      const name = p.tok;
      if (name.kind !== 'ident' || name.spaced) p.unexpected('expected identifier');
      p.next();
      term = select(p, term, { type: 'scalar', value: name.text, loc: name.loc });
    } else if (t.text === '[') {
      p.next();
      const key = parseTermInfix(p, true);
      p.expectPunct(']');
      term = select(p, term, key);
    } else if (t.text === '(') {
      term = parseCall(p, term);
    } else {
      return term;
    }
  }
}

function select(p: ParserState, term: Term, key: Term): Term {
  if (term.type === 'ref') return { type: 'ref', head: term.head, path: [...term.path, key], loc: term.loc };
  if (term.type === 'scalar') p.fail(term.loc, `illegal ref (head cannot be ${kindName(term.value)})`);
  return { type: 'ref', head: term, path: [key], loc: term.loc };
}

function kindName(v: null | boolean | number | bigint | string): string {
  return v === null ? 'null' : typeof v === 'bigint' ? 'number' : typeof v;
}

/** The dotted name of an operator term (`f`, `a.b.c`), or `undefined` if it is not one. */
function operatorName(term: Term): string | undefined {
  if (term.type === 'var') return term.name.startsWith('$') ? undefined : term.name;
  if (term.type !== 'ref' || term.head.type !== 'var') return undefined;
  const parts = [term.head.name];
  for (const k of term.path) {
    if (k.type !== 'scalar' || typeof k.value !== 'string' || !/^[A-Za-z_]\w*$/.test(k.value))
      return undefined;
    parts.push(k.value);
  }
  return parts.join('.');
}

function parseCall(p: ParserState, operator: Term): Term {
  const name = operatorName(operator);
  if (name === undefined) p.unexpected('illegal call (operator must be a name)');
  p.next();
  const args = parseTermList(p, ')');
  if (name === 'set' && args.length === 0) return { type: 'set', items: [], loc: operator.loc };
  return { type: 'call', name, args, loc: operator.loc };
}

/** Parses comma-separated terms up to and including `end` (a trailing comma is allowed). */
export function parseTermList(p: ParserState, end: string): Term[] {
  const items: Term[] = [];
  while (!p.isPunct(end)) {
    items.push(parseTermInfix(p, false));
    if (p.isPunct(',')) p.next();
    else if (!p.isPunct(end)) p.unexpected(`expected ',' or '${end}'`);
  }
  p.next();
  return items;
}
