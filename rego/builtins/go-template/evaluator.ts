/**
 * The evaluation of template expressions, as `text/template` does it: variables, pipelines
 * (each stage's value passed on as the next one's last argument), commands, fields of maps
 * (a missing key is "no value"), literals and function calls, with Go's error texts
 * (`template: NAME:LINE:COL: executing "NAME" at <NODE>: …`).
 */
import { utf8Bytes } from '../bytes.ts';
import { invokeFunction } from './calls.ts';
import { FunctionError } from './function-error.ts';
import type { AnyNode, ArgNode, CommandNode, PipeNode } from './nodes.ts';
import { nodeText } from './nodes.ts';
import { JSON_NUMBER_METHODS, numberMethod } from './number-methods.ts';
import { boxed, type GoValue, INVALID, typeName, unboxed } from './values.ts';

/** A failure while executing a template, with Go's message. */
export class TemplateExecError extends Error {
  override readonly name = 'TemplateExecError';
}

/** Variables, the node errors point at, and expression evaluation. */
export class Evaluator {
  protected vars: { name: string; value: GoValue }[] = [];
  private node: AnyNode | undefined;
  /** The template being executed (`define`d ones have their own name). */
  protected name: string;
  /** The name every position is reported under: the parsed template's (`define`d ones share it). */
  private readonly parseName: string;

  constructor(
    protected readonly text: string,
    name: string,
  ) {
    this.name = name;
    this.parseName = name;
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

  protected setVar(name: string, value: GoValue): void {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const v = this.vars[i] as { name: string; value: GoValue };
      if (v.name === name) {
        v.value = value;
        return;
      }
    }
    this.fail(`undefined variable: ${name}`);
  }

  protected setTopVar(n: number, value: GoValue): void {
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
    if (target.kind === 'json.Number' && JSON_NUMBER_METHODS.has(name)) {
      const given = args.length - 1 + (final === undefined ? 0 : 1);
      if (given > 0) this.fail(`wrong number of args for ${name}: want 0 got ${given}`);
      try {
        return numberMethod(name, target.v);
      } catch (e) {
        if (e instanceof FunctionError) this.fail(`error calling ${name}: ${e.message}`);
        throw e;
      }
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
        // An untyped nil reaches a function as no value at all.
        return INVALID;
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
