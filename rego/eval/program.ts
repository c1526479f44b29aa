/**
 * A compiled policy set: every rule-tree node compiled into closures once, at load time, plus
 * the slow path for scopes with `with data…` replacements, and compilation of queries and
 * `data` paths against it.
 */
import type { BuiltinRegistry } from '../builtin.ts';
import type { IrTerm, ResolvedQuery, ResolvedRule, RuleNode } from '../compiler/index.ts';
import { RegoError } from '../errors.ts';
import { DEFAULT_OPA_VERSION, type OpaVersion, opaAtLeast } from '../opa-version.ts';
import { equal, type SetValue, type Value } from '../value/index.ts';
import { bodyCompiler } from './body-compiler.ts';
import { lookupPath } from './collections.ts';
import { conflictListing } from './conflict-listing.ts';
import { conflictMessage } from './conflicts.ts';
import type { Ctx } from './context.ts';
import { compileDefinition, type TerminalFactory } from './definitions.ts';
import { buildIndex } from './indexing.ts';
import { KeyedObject, type ObjectDefinition } from './keyed-object.ts';
import { type Bound, FAIL, type Frame, type Getter, Layout, type Program, type Step } from './layout.ts';
import { compileBody } from './literals.ts';
import {
  CompiledNode,
  type Contribution,
  callFunction,
  evaluateComplete,
  evaluateInterior,
  evaluateObject,
  evaluateSet,
} from './nodes.ts';
import type { ObjectBuilder } from './object-builder.ts';
import { compileValue, compileValues } from './terms.ts';

type Node = RuleNode<ResolvedRule>;

function valueTerminal(message: string): TerminalFactory {
  return (cx, value, bound) =>
    compileValue(cx, value as IrTerm, bound, (get) => {
      const stop = (value as IrTerm).k === 'const';
      return (ctx, f) => {
        const v = get(ctx, f);
        if (v === undefined) return false;
        const prev = f[0] as Value | undefined;
        if (prev !== undefined && prev !== v && !equal(prev, v)) {
          throw new RegoError('eval_conflict_error', message, (value as IrTerm).loc);
        }
        f[0] = v;
        return stop;
      };
    });
}

const setTerminal: TerminalFactory = (cx, key, bound) =>
  compileValue(cx, key as IrTerm, bound, (get) => (ctx, f) => {
    const v = get(ctx, f);
    if (v !== undefined) (f[0] as SetValue).add(v);
    return false;
  });

function objectTerminal(rule: ResolvedRule, relative: readonly string[]): TerminalFactory {
  return (cx, value, bound) =>
    compileValues(cx, [...rule.dynamic, value as IrTerm], bound, (gets) => {
      const n = gets.length;
      const kind = rule.kind === 'multi' ? 'set' : 'value';
      return (ctx, f) => {
        const path: Value[] = [...relative];
        for (let i = 0; i < n - 1; i++) {
          const k = (gets[i] as Getter)(ctx, f);
          if (k === undefined) return false;
          path.push(k);
        }
        const v = (gets[n - 1] as Getter)(ctx, f);
        if (v === undefined) return false;
        (f[0] as ObjectBuilder).insert(path, kind, v, rule.loc);
        return false;
      };
    });
}

/** The value of rules that are constants (`p := 1`), which needs no evaluation. */
function constantValue(rules: readonly ResolvedRule[]): Value | undefined {
  const first = rules[0]?.value;
  if (first?.k !== 'const') return undefined;
  const constant = rules.every(
    (r) =>
      r.body.literals.length === 0 &&
      r.elses.length === 0 &&
      r.value?.k === 'const' &&
      equal(r.value.value, first.value),
  );
  return constant ? first.value : undefined;
}

/** The compiled policy set. */
export class CompiledProgram implements Program {
  readonly root: Node;
  readonly builtins: BuiltinRegistry;
  /** The OPA release whose evaluation (error wording) the program follows. */
  readonly opaVersion: OpaVersion;
  private readonly handles = new Map<Node, CompiledNode>();

  constructor(root: Node, builtins: BuiltinRegistry, opaVersion: OpaVersion = DEFAULT_OPA_VERSION) {
    this.root = root;
    this.builtins = builtins;
    this.opaVersion = opaVersion;
    for (const node of root.walk()) this.handles.set(node, new CompiledNode(node));
    this.compileNode(root, false);
  }

  handle(node: Node): CompiledNode {
    const h = this.handles.get(node);
    if (!h) throw new RegoError('eval_internal_error', `no compiled node for ${node.name}`);
    return h;
  }

  private compileNode(node: Node, insideObject: boolean): void {
    const h = this.handle(node);
    const cls = node.nodeClass;
    const children = () => [...node.children.values()].map((c) => this.handle(c));
    if (cls === undefined) {
      h.evaluate = evaluateInterior(node, children, (ctx, c) =>
        ctx.targets === null ? c.value(ctx) : this.docAt(ctx, c.path),
      );
    } else if (cls === 'complete' || cls === 'function') {
      const conflict = conflictMessage(cls, node.path, this.opaVersion);
      const terminal = valueTerminal(conflict);
      const rules = node.rules.filter((r) => !r.isDefault);
      const fallbackRule = node.rules.find((r) => r.isDefault);
      const definitions = rules.map((r) => compileDefinition(this, r, terminal));
      const group = {
        definitions,
        fallback: fallbackRule && compileDefinition(this, fallbackRule, terminal),
        conflict,
        explain: opaAtLeast(this.opaVersion, 'v1.22.2') ? conflictListing(this) : undefined,
        index: buildIndex(definitions, opaAtLeast(this.opaVersion, 'v1.22.2')),
      };
      if (cls === 'complete') h.evaluate = this.direct(rules, fallbackRule) ?? evaluateComplete(group);
      else {
        h.call = callFunction(group);
        // OPA puts a function without arguments in its package's document, as its value.
        if (node.rules[0]?.args.length === 0) h.evaluate = (ctx) => h.call(ctx, []);
      }
    } else if (cls === 'set') {
      h.evaluate = evaluateSet(
        node.rules.map((r) => compileDefinition(this, r, setTerminal)),
        opaAtLeast(this.opaVersion, 'v1.22.2'),
      );
    } else if (!insideObject) {
      h.evaluate = this.compileObject(node);
    }
    for (const c of node.children.values()) this.compileNode(c, insideObject || cls === 'object');
  }

  /**
   * A rule defined once without body or `else` (`p := 1`, `user := input.user`) whose value reads
   * without iterating: its value is computed directly, without frame or definition loop.
   */
  private direct(
    rules: readonly ResolvedRule[],
    fallback: ResolvedRule | undefined,
  ): ((ctx: Ctx) => Value | undefined) | undefined {
    const constant = constantValue(rules);
    if (constant !== undefined) return () => constant;
    const [rule] = rules;
    if (rules.length !== 1 || fallback || !rule || rule.body.literals.length > 0 || rule.elses.length > 0)
      return undefined;
    const cx = bodyCompiler(this, new Layout());
    let getter: Getter | undefined;
    let iterates = false;
    compileValue(cx, rule.value as IrTerm, new Set(), (g, bound) => {
      getter = g;
      iterates = bound.size > 0;
      return FAIL;
    });
    if (!getter || iterates || cx.layout.size > 1) return undefined;
    const get = getter;
    const frame: Frame = [];
    return (ctx) => {
      ctx.state.tick();
      return get(ctx, frame);
    };
  }

  private compileObject(node: Node): (ctx: Ctx) => Value {
    const definitions: ObjectDefinition[] = [];
    const below: Contribution[] = [];
    for (const m of node.walk()) {
      const relative = m.path.slice(node.path.length);
      if (m.nodeClass === 'object') {
        for (const rule of m.rules) {
          const terminal = objectTerminal(rule, relative);
          definitions.push({ rule, relative, terminal, whole: compileDefinition(this, rule, terminal) });
        }
      } else if (m.nodeClass === 'complete' || m.nodeClass === 'set') {
        below.push({ relative, handle: this.handle(m), isSet: m.nodeClass === 'set' });
      }
    }
    const keyed = new KeyedObject(this, definitions, below);
    this.handle(node).keyed = (ctx, keys) => keyed.value(ctx, keys);
    return evaluateObject(
      definitions.map((d) => d.whole),
      below,
      !opaAtLeast(this.opaVersion, 'v1.22.2'),
    );
  }

  docAt(ctx: Ctx, path: readonly string[]): Value | undefined {
    if (ctx.targets?.some((t) => t.length <= path.length && t.every((k, i) => path[i] === k))) {
      return lookupPath(ctx.data, path);
    }
    let node = this.root;
    for (let i = 0; i < path.length; i++) {
      if (node.rules.length > 0) return lookupPath(this.handle(node).value(ctx), path.slice(i));
      const child = node.children.get(path[i] as string);
      if (!child) return lookupPath(ctx.data, path);
      node = child;
    }
    return this.handle(node).value(ctx);
  }

  /** Compiles a getter for the document at `data.<path>`. */
  dataGetter(path: readonly string[]): (ctx: Ctx) => Value | undefined {
    const loc = { file: 'query', line: 1, column: 1 };
    const ref: IrTerm = {
      k: 'ref',
      head: { k: 'root', root: 'data', loc },
      path: path.map((p) => ({ k: 'const', value: p, loc })),
      loc,
    };
    const cx = bodyCompiler(this, new Layout());
    let getter: Getter = () => undefined;
    compileValue(cx, path.length === 0 ? ref.head : ref, new Set(), (g) => {
      getter = g;
      return FAIL;
    });
    const frame: Frame = new Array(cx.layout.size);
    return (ctx) => getter(ctx, frame);
  }

  /** Compiles a resolved query into a function returning its solutions. */
  query(q: ResolvedQuery): (ctx: Ctx) => Record<string, Value>[] {
    const layout = new Layout();
    const cx = bodyCompiler(this, layout);
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
}
