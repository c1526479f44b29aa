/**
 * Collection terms: arrays, sets and objects, and their comprehensions (`[x | …]`, `{x | …}`,
 * `{k: v | …}`). A comprehension is tried first and the collection reading is the fallback, as
 * OPA's parser does (`{a | b}` is a set comprehension, not a set holding `a | b`).
 */
import type { Body, Term } from './ast.ts';
import { parseBody } from './parse-query.ts';
import { parseTerm, parseTermInfix, parseTermList } from './parse-term.ts';
import type { ParserState } from './parser-state.ts';

function parseComprehensionBody(p: ParserState, end: string): Body {
  p.next();
  const body = parseBody(p, end);
  p.expectPunct(end);
  return body;
}

/** Parses `[…]`: an array or an array comprehension. */
export function parseArray(p: ParserState): Term {
  const loc = p.next().loc;
  let comprehension = true;
  if (p.isPunct(',')) {
    comprehension = false;
    p.next();
  }
  if (comprehension && !p.isPunct(']')) {
    const start = p.pos;
    const comp = p.attempt((): Term | undefined => {
      const head = parseTerm(p);
      if (!p.isPunct('|')) return undefined;
      return { type: 'arraycomp', head, body: parseComprehensionBody(p, ']'), loc };
    });
    if (comp) return comp;
    p.pos = start;
  }
  return { type: 'array', items: parseTermList(p, ']'), loc };
}

/** Parses `{…}`: an object, a set, or a set or object comprehension. */
export function parseSetOrObject(p: ParserState): Term {
  const loc = p.next().loc;
  if (p.isPunct('}')) {
    p.next();
    return { type: 'object', entries: [], loc };
  }
  let comprehension = true;
  if (p.isPunct(',')) {
    comprehension = false;
    p.next();
  }
  const start = p.pos;
  if (comprehension) {
    const comp = p.attempt((): Term | undefined => {
      let head = parseTerm(p);
      if (p.isPunct('|')) return { type: 'setcomp', head, body: parseComprehensionBody(p, '}'), loc };
      if (!p.isPunct(':')) {
        // OPA reads an object comprehension's key as an infix expression (`{x / 2: x | …}`).
        p.pos = start;
        head = parseTermInfix(p, false);
        if (!p.isPunct(':')) return undefined;
      }
      p.next();
      const value = parseTerm(p);
      if (!p.isPunct('|')) return undefined;
      return { type: 'objectcomp', key: head, value, body: parseComprehensionBody(p, '}'), loc };
    });
    if (comp) return comp;
    p.pos = start;
  }
  const first = parseTermInfix(p, false);
  if (!p.isPunct(':')) {
    if (!p.isPunct(',') && !p.isPunct('}')) p.unexpected("expected ',' or '}' (non-terminated set)");
    if (p.isPunct(',')) p.next();
    return { type: 'set', items: [first, ...parseTermList(p, '}')], loc };
  }
  const entries: [Term, Term][] = [];
  let key = first;
  for (;;) {
    p.expectPunct(':');
    entries.push([key, parseTermInfix(p, false)]);
    if (p.isPunct(',')) p.next();
    else if (!p.isPunct('}')) p.unexpected("expected ',' or '}' (non-terminated object)");
    if (p.isPunct('}')) break;
    key = parseTermInfix(p, false);
  }
  p.next();
  return { type: 'object', entries, loc };
}
