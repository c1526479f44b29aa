/**
 * Executes a parsed Go template over data, as `text/template`'s `Execute` does with the
 * default `missingkey` option (a missing map key is "no value"): fields, variables, pipelines,
 * `if`/`with`/`range` (maps in key order), `break`/`continue`, `template` calls, and Go's
 * error texts (`template: NAME:LINE:COL: executing "NAME" at <NODE>: …`).
 */
import { utf8Bytes } from '../bytes.ts';
import { invokeFunction } from './calls.ts';
import { FunctionError } from './comparison.ts';
import type { AnyNode, ArgNode, CommandNode, ControlNode, ListNode, Node, PipeNode } from './nodes.ts';
import { nodeText } from './nodes.ts';
import type { TemplateSet } from './parser.ts';
import { boxed, type GoValue, INVALID, printText, truth, typeName, unboxed } from './values.ts';

/** A failure while executing a template, with Go's message. */
export class TemplateExecError extends Error {
  override readonly name = 'TemplateExecError';
}

const BREAK = Symbol('break');
const CONTINUE = Symbol('continue');
const MAX_DEPTH = 100000;

/** The state of one execution: the template text for positions, variables, output. */
export class Execution {
  private vars: { name: string; value: GoValue }[] = [];
  private node: AnyNode | undefined;
  private out = '';
  private depth = 0;
  private name: string;
  /** The name every position is reported under: the parsed template's (`define`d ones share it). */
  private readonly parseName: string;

  constructor(
    private readonly set: TemplateSet,
    private readonly text: string,
    name: string,
  ) {
    this.name = name;
    this.parseName = name;
  }

  /** Runs template `name` with `data` as dot and returns its output. */
  run(data: GoValue): string {
    const root = this.set.get(this.name) as ListNode;
    this.vars = [{ name: '$', value: data }];
    this.walk(data, root);
    return this.out;
  }

  /** Records `node` as where the next error happens (Go's `state.at`). */
  at(node: AnyNode): void {
    this.node = node;
  }

  /** Raises an execution error at the current node. */
  fail(message: string): never {
    if (!this.node) throw new TemplateExecError(`template: ${this.parseName}: ${message}`);
    const before = this.text.slice(0, this.node.pos);
    const nl = before.lastIndexOf('\n');
    const line = before.split('\n').length;
    const col = nl < 0 ? utf8Bytes(before).length : utf8Bytes(before.slice(nl + 1)).length;
    throw new TemplateExecError(
      `template: ${this.parseName}:${line}:${col}: executing ${JSON.stringify(this.name)} at <${nodeText(this.node)}>: ${message}`,
    );
  }

  private walk(dot: GoValue, node: Node): void {
    this.at(node);
    switch (node.type) {
      case 'action': {
        const value = this.evalPipeline(dot, node.pipe);
        if (node.pipe.decl.length === 0)
          this.out +=
            value.kind === 'invalid' ? '<no value>' : printText(value.kind === 'iface' ? value.v : value);
        return;
      }
      case 'break':
        throw BREAK;
      case 'continue':
        throw CONTINUE;
      case 'if':
      case 'with': {
        const mark = this.vars.length;
        const value = this.evalPipeline(dot, node.pipe);
        if (truth(value)) this.walk(node.type === 'with' ? value : dot, node.list);
        else if (node.elseList) this.walk(dot, node.elseList);
        this.vars.length = mark;
        return;
      }
      case 'list':
        for (const n of node.nodes) this.walk(dot, n);
        return;
      case 'range':
        this.walkRange(dot, node);
        return;
      case 'template':
        this.walkTemplate(dot, node);
        return;
      case 'text':
        this.out += node.text;
        return;
    }
  }

  private walkRange(dot: GoValue, r: ControlNode): void {
    this.at(r);
    const mark = this.vars.length;
    const value = unboxed(this.evalPipeline(dot, r.pipe));
    const bodyMark = this.vars.length;
    const iterate = (key: GoValue, elem: GoValue): void => {
      const decl = r.pipe.decl;
      if (decl.length > 0) {
        if (r.pipe.isAssign) this.setVar(decl[0]?.name as string, decl.length > 1 ? key : elem);
        else this.setTopVar(1, elem);
      }
      if (decl.length > 1) {
        if (r.pipe.isAssign) this.setVar(decl[1]?.name as string, elem);
        else this.setTopVar(2, key);
      }
      try {
        this.walk(elem, r.list);
      } catch (e) {
        if (e !== CONTINUE) throw e;
      } finally {
        this.vars.length = bodyMark;
      }
    };
    let ran = false;
    try {
      if (value.kind === 'slice') {
        value.v.forEach((e, i) => {
          ran = true;
          iterate({ kind: 'int', v: BigInt(i) }, boxed(e));
        });
      } else if (value.kind === 'map') {
        for (const [k, e] of value.v) {
          ran = true;
          iterate({ kind: 'string', v: k }, boxed(e));
        }
      } else if (value.kind === 'int' || value.kind === 'uint8') {
        if (r.pipe.decl.length > 1) this.fail(`can't use ${value.v} to iterate over more than one variable`);
        for (let i = 0n; i < value.v; i++) {
          ran = true;
          iterate(INVALID, { kind: value.kind, v: i });
        }
      } else if (value.kind !== 'invalid') {
        this.fail(`range can't iterate over ${printText(value.kind === 'iface' ? value.v : value)}`);
      }
    } catch (e) {
      if (e !== BREAK) throw e;
      ran = true;
    }
    if (!ran && r.elseList) this.walk(dot, r.elseList);
    this.vars.length = mark;
  }

  private walkTemplate(dot: GoValue, t: Extract<Node, { type: 'template' }>): void {
    this.at(t);
    const root = this.set.get(t.name);
    if (!root) this.fail(`template ${JSON.stringify(t.name)} not defined`);
    if (this.depth === MAX_DEPTH) this.fail(`exceeded maximum template depth (${MAX_DEPTH})`);
    const value = t.pipe ? this.evalPipeline(dot, t.pipe) : INVALID;
    const saved = { vars: this.vars, name: this.name };
    this.depth++;
    this.name = t.name;
    this.vars = [{ name: '$', value }];
    try {
      this.walk(value, root as ListNode);
    } catch (e) {
      // JavaScript's stack ends before Go's depth limit: report endless recursion as Go does.
      if (!(e instanceof RangeError)) throw e;
      this.at(t);
      this.fail(`exceeded maximum template depth (${MAX_DEPTH})`);
    } finally {
      this.depth--;
      this.vars = saved.vars;
      this.name = saved.name;
    }
  }

  private setVar(name: string, value: GoValue): void {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const v = this.vars[i] as { name: string; value: GoValue };
      if (v.name === name) {
        v.value = value;
        return;
      }
    }
    this.fail(`undefined variable: ${name}`);
  }

  private setTopVar(n: number, value: GoValue): void {
    (this.vars[this.vars.length - n] as { value: GoValue }).value = value;
  }

  /** The value of variable `name`. */
  varValue(name: string): GoValue {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const v = this.vars[i] as { name: string; value: GoValue };
      if (v.name === name) return v.value;
    }
    return this.fail(`undefined variable: ${name}`);
  }

  /** Evaluates a pipeline; its declared variables are pushed (or assigned). */
  evalPipeline(dot: GoValue, pipe: PipeNode): GoValue {
    this.at(pipe);
    let value: GoValue | undefined;
    for (const cmd of pipe.cmds) {
      value = this.evalCommand(dot, cmd, value);
      if (value.kind === 'iface') value = unboxed(value);
    }
    const result = value ?? INVALID;
    for (const d of pipe.decl) {
      if (pipe.isAssign) this.setVar(d.name, result);
      else this.vars.push({ name: d.name, value: result });
    }
    return result;
  }

  private notAFunction(args: readonly ArgNode[], final: GoValue | undefined): void {
    if (args.length > 1 || final !== undefined)
      this.fail(`can't give argument to non-function ${nodeText(args[0] as ArgNode)}`);
  }

  private evalCommand(dot: GoValue, cmd: CommandNode, final: GoValue | undefined): GoValue {
    const first = cmd.args[0] as ArgNode;
    switch (first.type) {
      case 'field':
        this.at(first);
        return this.evalFieldChain(dot, first.ident, cmd.args, final);
      case 'chain': {
        this.at(first);
        if (first.node.type === 'nil') this.fail(`indirection through explicit nil in ${nodeText(first)}`);
        const receiver = this.evalArg(dot, first.node);
        return this.evalFieldChain(receiver, first.field, cmd.args, final);
      }
      case 'identifier':
        this.at(first);
        return invokeFunction(this, dot, first.name, cmd, final);
      case 'pipe':
        this.notAFunction(cmd.args, final);
        return this.evalPipeline(dot, first);
      case 'variable':
        return this.evalVariable(first, cmd.args, final);
    }
    this.at(first);
    this.notAFunction(cmd.args, final);
    switch (first.type) {
      case 'bool':
        return { kind: 'bool', v: first.value };
      case 'dot':
        return dot;
      case 'nil':
        return this.fail('nil is not a command');
      case 'number':
        return this.constant(first);
      case 'string':
        return { kind: 'string', v: first.text };
    }
  }

  /** A number literal's value where no type is expected: float64 if written as one, else int. */
  constant(n: Extract<ArgNode, { type: 'number' }>): GoValue {
    this.at(n);
    const hexInt = /^[+-]?0[xX]/.test(n.text) && !/[pP]/.test(n.text);
    if (n.isFloat && !hexInt && !n.text.startsWith("'") && /[.eEpP]/.test(n.text))
      return { kind: 'float64', v: n.float };
    if (n.isInt) return { kind: 'int', v: n.int };
    if (n.isUint) this.fail(`${n.text} overflows int`);
    return INVALID;
  }

  private evalVariable(
    v: Extract<ArgNode, { type: 'variable' }>,
    args: readonly ArgNode[],
    final: GoValue | undefined,
  ): GoValue {
    this.at(v);
    const value = this.varValue(v.ident[0] as string);
    if (v.ident.length === 1) {
      this.notAFunction(args, final);
      return value;
    }
    return this.evalFieldChain(value, v.ident.slice(1), args, final);
  }

  private evalFieldChain(
    receiver: GoValue,
    ident: readonly string[],
    args: readonly ArgNode[],
    final: GoValue | undefined,
  ): GoValue {
    let value = receiver;
    ident.forEach((name, i) => {
      const last = i === ident.length - 1;
      value = this.evalField(name, last ? args : [], last ? final : undefined, value);
    });
    return value;
  }

  private evalField(
    name: string,
    args: readonly ArgNode[],
    final: GoValue | undefined,
    receiver: GoValue,
  ): GoValue {
    if (receiver.kind === 'invalid') return INVALID;
    const typ = typeName(receiver);
    const target = receiver.kind === 'iface' ? receiver.v : receiver;
    if (target.kind === 'nil') this.fail(`nil pointer evaluating ${typ}.${name}`);
    if (target.kind === 'map') {
      if (args.length > 1 || final !== undefined) this.fail(`${name} is not a method but has arguments`);
      const found = target.v.get(name);
      return found === undefined ? INVALID : boxed(found);
    }
    return this.fail(`can't evaluate field ${name} in type ${typ}`);
  }

  /** Evaluates an argument of a function (any type accepted). */
  evalArg(dot: GoValue, n: ArgNode): GoValue {
    this.at(n);
    switch (n.type) {
      case 'dot':
        return dot;
      case 'nil':
        return boxed({ kind: 'nil' });
      case 'field':
        return this.evalFieldChain(dot, n.ident, [n], undefined);
      case 'variable':
        return this.evalVariable(n, [], undefined);
      case 'pipe':
        return this.evalPipeline(dot, n);
      case 'identifier':
        return invokeFunction(this, dot, n.name, n, undefined);
      case 'chain':
        return this.evalCommand(dot, { type: 'command', pos: n.pos, args: [n] }, undefined);
      case 'bool':
        return { kind: 'bool', v: n.value };
      case 'number':
        return this.constant(n);
      case 'string':
        return { kind: 'string', v: n.text };
    }
  }

  /** Raises a function's failure as `error calling NAME: …` at `node`. */
  callFailed(node: AnyNode, name: string, e: unknown): never {
    if (!(e instanceof FunctionError)) throw e;
    this.at(node);
    return this.fail(`error calling ${name}: ${e.message}`);
  }
}
