/**
 * Executes a parsed Go template over data, as `text/template`'s `Execute` does with the
 * default `missingkey` option: text, actions, `if`/`with`/`range` (maps in key order),
 * `break`/`continue`, and `template` calls (Go's depth limit reported for endless recursion).
 */
import { Evaluator } from './evaluator.ts';
import type { ControlNode, ListNode, Node } from './nodes.ts';
import type { TemplateSet } from './parser.ts';
import { boxed, type GoValue, INVALID, printText, truth, unboxed } from './values.ts';

const BREAK = Symbol('break');
const CONTINUE = Symbol('continue');
const MAX_DEPTH = 100000;

/** The state of one execution: the templates, variables, output. */
export class Execution extends Evaluator {
  private out = '';
  private depth = 0;

  constructor(
    private readonly set: TemplateSet,
    text: string,
    name: string,
  ) {
    super(text, name);
  }

  /** Runs the template with `data` as dot and returns its output. */
  run(data: GoValue): string {
    const root = this.set.get(this.name) as ListNode;
    this.vars = [{ name: '$', value: data }];
    this.walk(data, root);
    return this.out;
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
}
