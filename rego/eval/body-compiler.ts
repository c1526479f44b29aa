/**
 * The closure compiler's entry: the compile state of one frame, with the recursive entry points
 * (terms, bodies, expressions, patterns) wired to the files that compile each.
 */

import type { Cx, Layout, Program } from './layout.ts';
import { compileBody, compileExpr } from './literals.ts';
import { compileValue, compileValues } from './terms.ts';
import { compileMatch } from './unify.ts';

/** The compile state of one frame of `program`, allocating its slots in `layout`. */
export function bodyCompiler(program: Program, layout: Layout): Cx {
  const cx: Cx = {
    program,
    layout,
    value: (t, bound, k) => compileValue(cx, t, bound, k),
    values: (ts, bound, k) => compileValues(cx, ts, bound, k),
    body: (literals, bound, terminal) => compileBody(cx, literals, bound, terminal),
    expr: (e, bound, next) => compileExpr(cx, e, bound, next),
    match: (pattern, get, bound, next) => compileMatch(cx, pattern, get, bound, next),
  };
  return cx;
}
