/**
 * Base documents under `data`, beside the package's rules (so the package document merges both)
 * and outside it: rules read them, iterate them, replace them with `with`, and the package and
 * base paths are queried directly.
 */
import { EDGE_VALUES } from '../edge-values.ts';
import type { Shape, ShapeContext } from './shape.ts';

function document(c: ShapeContext): unknown {
  const out: Record<string, unknown> = {};
  for (const key of ['a', 'b', 'c']) if (c.random.chance(0.7)) out[key] = c.random.pick(EDGE_VALUES);
  if (c.random.chance(0.3)) out.nested = { x: c.random.pick(EDGE_VALUES), y: [1, 2] };
  return out;
}

/** Rules over base documents at `data.<pkg>.d_<name>` and `data.base_<pkg>.<name>`. */
export function baseDocuments(c: ShapeContext): Shape {
  const local = `d_${c.name}`;
  const outsideRoot = `base_${c.pkg.replaceAll('.', '_')}`;
  const outside = `data.${outsideRoot}.${c.name}`;
  const here = `data.${c.pkg}.${local}`;
  const src = c.random.pick([here, outside]);
  const lines = c.random.pick([
    [`${c.name} := ${src}.a`],
    [`${c.name} := count(${src})`],
    [`${c.name} contains k if some k, _ in ${src}`],
    [`${c.name}[k] := v if {`, `  some k, v in ${src}`, '  is_number(v)', '}'],
    [`${c.name} := ${src}.nested.x`],
    [`${c.name} := ${src}[input.s]`],
    [`${c.name} := x if x := ${src}.a with ${src}.a as 42`],
    [`${c.name} := [k | some k, _ in data.${c.pkg}]`],
    [`${c.name} := object.keys(data.${c.pkg})`],
    [`${c.name} := data.${outsideRoot}`],
    [`${c.name} if ${src}.b == input.v[0]`],
    [`${c.name} := ${src} with data.${c.pkg}.${local}.a as "replaced"`],
  ]);
  const queries = [c.name];
  if (c.random.chance(0.3)) queries.push(local);
  return {
    lines,
    queries,
    documents: [
      { path: [...c.pkg.split('.'), local], value: document(c) },
      { path: [outsideRoot, c.name], value: document(c) },
    ],
  };
}
