/**
 * Calls of a template's predefined functions: the arity check, argument evaluation (the
 * pipeline's previous value comes last), `and`/`or` short-circuiting, and `printf`'s string
 * format operand, as `text/template`'s `evalCall` does them.
 */
import { eq, le, lt } from './comparison.ts';
import type { Evaluator } from './evaluator.ts';
import { FunctionError } from './function-error.ts';
import { html, index, js, len, slice, sprint, sprintf, sprintln, urlquery } from './functions.ts';
import type { AnyNode, ArgNode, CommandNode } from './nodes.ts';
import { nodeText } from './nodes.ts';
import { concrete, type GoValue, printText, truth, typeName, unboxed } from './values.ts';

interface Signature {
  /** Parameters before the variadic ones (all of them when not variadic). */
  readonly fixed: number;
  readonly variadic: boolean;
  readonly call: (args: GoValue[]) => GoValue;
}

const bool = (v: boolean): GoValue => ({ kind: 'bool', v });
const str = (v: string): GoValue => ({ kind: 'string', v });
const at = (args: GoValue[], i: number): GoValue => args[i] as GoValue;

const SIGNATURES: Readonly<Record<string, Signature>> = {
  not: { fixed: 1, variadic: false, call: (a) => bool(!truth(at(a, 0))) },
  len: { fixed: 1, variadic: false, call: (a) => len(at(a, 0)) },
  index: { fixed: 1, variadic: true, call: (a) => index(at(a, 0), ...a.slice(1)) },
  slice: { fixed: 1, variadic: true, call: (a) => slice(at(a, 0), ...a.slice(1)) },
  print: { fixed: 0, variadic: true, call: (a) => str(sprint(a)) },
  println: { fixed: 0, variadic: true, call: (a) => str(sprintln(a)) },
  printf: { fixed: 1, variadic: true, call: (a) => str(sprintf((at(a, 0) as { v: string }).v, a.slice(1))) },
  html: { fixed: 0, variadic: true, call: (a) => str(html(a)) },
  js: { fixed: 0, variadic: true, call: (a) => str(js(a)) },
  urlquery: { fixed: 0, variadic: true, call: (a) => str(urlquery(a)) },
  eq: { fixed: 1, variadic: true, call: (a) => bool(eq(at(a, 0), ...a.slice(1))) },
  ne: { fixed: 2, variadic: false, call: (a) => bool(!eq(at(a, 0), at(a, 1))) },
  lt: { fixed: 2, variadic: false, call: (a) => bool(lt(at(a, 0), at(a, 1))) },
  le: { fixed: 2, variadic: false, call: (a) => bool(le(at(a, 0), at(a, 1))) },
  gt: { fixed: 2, variadic: false, call: (a) => bool(!le(at(a, 0), at(a, 1))) },
  ge: { fixed: 2, variadic: false, call: (a) => bool(!lt(at(a, 0), at(a, 1))) },
  and: { fixed: 1, variadic: true, call: () => ({ kind: 'invalid' }) },
  or: { fixed: 1, variadic: true, call: () => ({ kind: 'invalid' }) },
  call: { fixed: 1, variadic: true, call: () => ({ kind: 'invalid' }) },
};

/** `call fn args…`: data holds no functions, so every call fails as Go's does for a non-function. */
function callFailure(callee: string, fn: GoValue): FunctionError {
  const v = unboxed(fn);
  if (v.kind === 'invalid') return new FunctionError('call of nil');
  return new FunctionError(`non-function ${callee} of type ${typeName(v)}`);
}

/** A value where Go expects a `string` parameter (`printf`'s format). */
function stringOperand(exec: Evaluator, value: GoValue): GoValue {
  const v = value.kind === 'iface' && value.v.kind !== 'nil' ? value.v : value;
  if (v.kind === 'invalid') return exec.fail('invalid value; expected string');
  if (v.kind !== 'string') return exec.fail(`wrong type for value; expected string; got ${typeName(v)}`);
  return v;
}

function stringArg(exec: Evaluator, dot: GoValue, n: ArgNode): GoValue {
  exec.at(n);
  if (n.type === 'string') return { kind: 'string', v: n.text };
  if (n.type === 'nil') return exec.fail('cannot assign nil to string');
  if (n.type === 'bool' || n.type === 'number') return exec.fail(`expected string; found ${nodeText(n)}`);
  return stringOperand(exec, exec.evalArg(dot, n));
}

/**
 * Calls predefined function `name` from `node` (a command, or an identifier used as an operand),
 * with `final` (the previous pipeline stage's value) as its last argument when given.
 */
export function invokeFunction(
  exec: Evaluator,
  dot: GoValue,
  name: string,
  node: CommandNode | AnyNode,
  final: GoValue | undefined,
): GoValue {
  const sig = SIGNATURES[name] as Signature;
  const argNodes = node.type === 'command' ? node.args.slice(1) : [];
  const numIn = argNodes.length + (final === undefined ? 0 : 1);
  if (sig.variadic && numIn < sig.fixed)
    exec.fail(`wrong number of args for ${name}: want at least ${sig.fixed} got ${argNodes.length}`);
  if (!sig.variadic && numIn !== sig.fixed)
    exec.fail(`wrong number of args for ${name}: want ${sig.fixed} got ${numIn}`);
  if (name === 'and' || name === 'or') {
    let v: GoValue = { kind: 'invalid' };
    for (const n of argNodes) {
      v = exec.evalArg(dot, n);
      if (truth(v) === (name === 'or')) return v;
    }
    return final ?? v;
  }
  const args = argNodes.map((n, i) =>
    name === 'printf' && i === 0 ? stringArg(exec, dot, n) : exec.evalArg(dot, n),
  );
  if (final !== undefined)
    args.push(name === 'printf' && args.length === 0 ? stringOperand(exec, final) : final);
  try {
    if (name === 'call') {
      const callee = argNodes[0] ? nodeText(argNodes[0]) : printText(concrete(final as GoValue));
      throw callFailure(callee, args[0] as GoValue);
    }
    return sig.call(args);
  } catch (e) {
    return exec.callFailed(node, name, e);
  }
}
