/**
 * What a policy set evaluates against its compiled program: a query's solutions and the document
 * at a `data` path, each compiled once into a function of the evaluation context.
 */
import type { IrTerm, ResolvedQuery } from '../compiler/index.ts';
import type { Value } from '../value/index.ts';
import { bodyCompiler } from './body-compiler.ts';
import type { Ctx } from './context.ts';
import { type Bound, FAIL, type Frame, type Getter, Layout, type Program, type Step } from './layout.ts';
import { compileBody } from './literals.ts';
import { compileValue } from './terms.ts';

/**
 * Compiles a getter for the document at `data.<path>`.
 * @example compileDataGetter(program, ['app', 'allow'])(ctx); // true
 */
export function compileDataGetter(
  program: Program,
  path: readonly string[],
): (ctx: Ctx) => Value | undefined {
  const loc = { file: 'query', line: 1, column: 1 };
  const ref: IrTerm = {
    k: 'ref',
    head: { k: 'root', root: 'data', loc },
    path: path.map((p) => ({ k: 'const', value: p, loc })),
    loc,
  };
  const cx = bodyCompiler(program, new Layout());
  let getter: Getter = () => undefined;
  compileValue(cx, path.length === 0 ? ref.head : ref, new Set(), (g) => {
    getter = g;
    return FAIL;
  });
  const frame: Frame = new Array(cx.layout.size);
  return (ctx) => getter(ctx, frame);
}

/**
 * Compiles a resolved query into a function returning its solutions (the bindings of its
 * variables, by name).
 * @example compileQueryRunner(program, query)(ctx); // [{ x: 1 }]
 */
export function compileQueryRunner(
  program: Program,
  q: ResolvedQuery,
): (ctx: Ctx) => Record<string, Value>[] {
  const layout = new Layout();
  const cx = bodyCompiler(program, layout);
  const step: Step = compileBody(cx, q.literals, new Set(), (bound: Bound) => {
    const slots = [...q.vars]
      .filter(([unique]) => bound.has(unique))
      .map(([unique, name]) => [name, layout.slot(unique)] as const);
    return (_, f) => {
      const row: Record<string, Value> = {};
      for (const [name, s] of slots) row[name] = f[s] as Value;
      (f[0] as Record<string, Value>[]).push(row);
      return false;
    };
  });
  return (ctx) => {
    const f: Frame = new Array(layout.size);
    f[0] = [];
    step(ctx, f);
    return f[0] as Record<string, Value>[];
  };
}
