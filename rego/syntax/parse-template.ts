/**
 * Template strings `$"…{x}…"`: a call of `internal.template_string` on the text parts and the
 * expressions, in order. A part may carry `with` modifiers (`{a with input as x}`).
 */
import type { Literal, Term } from './ast.ts';
import { parseWiths } from './parse-query.ts';
import { parseTermInfix } from './parse-term.ts';
import type { ParserState } from './parser-state.ts';

/** The built-in a template string `$"…{x}…"` calls on its parts. */
export const TEMPLATE_STRING = 'internal.template_string';
/**
 * Marks a template part written with `with` modifiers (`{a with input as x}`): its one argument
 * is the set comprehension of the part's values under the modifiers (as OPA rewrites every part).
 */
export const TEMPLATE_VALUES = 'internal.template_values';

/**
 * A template string as OPA compiles it: a call of `internal.template_string` on its text parts
 * and expressions, in order.
 */
export function parseTemplate(p: ParserState): Term {
  const loc = p.next().loc;
  const args: Term[] = [];
  for (;;) {
    const t = p.tok;
    if (t.kind === 'template-end') {
      p.next();
      return { type: 'call', name: TEMPLATE_STRING, args, loc };
    }
    if (t.kind === 'template-text') {
      p.next();
      args.push({ type: 'scalar', value: t.text, loc: t.loc });
    } else if (t.kind === 'template-open') {
      p.next();
      const part = parseTermInfix(p, false);
      args.push(p.isKeyword('with') ? partWithModifiers(p, part) : part);
      if (p.tok.kind !== 'template-close') p.unexpected("expected '}' closing the template expression");
      p.next();
    } else p.unexpected('expected template string text or expression');
  }
}

/** `{x with input as …}`: the part's values as a set comprehension under the modifiers. */
function partWithModifiers(p: ParserState, part: Term): Term {
  const loc = part.loc;
  const value: Term = { type: 'var', name: p.wildcard(), loc };
  const body: Literal[] = [
    {
      negated: false,
      expr: { type: 'unify', assign: false, left: value, right: part },
      withs: parseWiths(p),
      loc,
    },
  ];
  return { type: 'call', name: TEMPLATE_VALUES, args: [{ type: 'setcomp', head: value, body, loc }], loc };
}
