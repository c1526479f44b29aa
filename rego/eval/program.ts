/**
 * A compiled policy set: every rule-tree node compiled into closures once, at load time, over
 * the compiler's rule indexes, plus the slow path for scopes with `with data…` replacements.
 */
import type { BuiltinRegistry } from '../builtin.ts';
import type { CompiledRules, ResolvedRule, RuleIndexes, RuleNode } from '../compiler/index.ts';
import { RegoError } from '../errors.ts';
import { DEFAULT_OPA_VERSION, type OpaVersion, opaAtLeast } from '../opa-version.ts';
import { type InputReads, lookupPath, type Value } from '../value/index.ts';
import { conflictListing } from './conflict-listing.ts';
import { conflictMessage } from './conflicts.ts';
import type { Ctx } from './context.ts';
import { compileDefinition } from './definitions.ts';
import { directValue } from './direct-value.ts';
import { InputFootprints } from './input-footprint.ts';
import { KeyedObject, type ObjectDefinition } from './keyed-object.ts';
import type { Program } from './layout.ts';
import {
  CompiledNode,
  callFunction,
  evaluateComplete,
  evaluateInterior,
  evaluateObject,
  evaluateSet,
} from './nodes.ts';
import { objectTerminal, setTerminal, valueTerminal } from './terminals.ts';

type Node = RuleNode<ResolvedRule>;

/** The compiled policy set. */
export class CompiledProgram implements Program {
  readonly root: Node;
  readonly builtins: BuiltinRegistry;
  /** The OPA release whose evaluation (error wording) the program follows. */
  readonly opaVersion: OpaVersion;
  readonly reads: InputReads;
  private readonly indexes: RuleIndexes;
  private readonly handles = new Map<Node, CompiledNode>();

  constructor(rules: CompiledRules, builtins: BuiltinRegistry, opaVersion: OpaVersion = DEFAULT_OPA_VERSION) {
    this.root = rules.tree;
    this.indexes = rules.indexes;
    this.reads = rules.indexes.reads;
    this.builtins = builtins;
    this.opaVersion = opaVersion;
    const footprints = new InputFootprints(this.root);
    for (const node of this.root.walk()) {
      const handle = new CompiledNode(node);
      const cls = node.nodeClass;
      if (cls === 'complete' || cls === 'set' || cls === 'object')
        handle.footprint = () => footprints.of(node)?.map((path) => this.reads.of(path)) ?? null;
      this.handles.set(node, handle);
    }
    this.compileNode(this.root, false);
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
      const index = this.indexes.of(node);
      const fallbackRule = node.rules.find((r) => r.isDefault);
      const group = {
        definitions: index.rules.map((r) => compileDefinition(this, r, terminal)),
        fallback: fallbackRule && compileDefinition(this, fallbackRule, terminal),
        conflict,
        explain: opaAtLeast(this.opaVersion, 'v1.22.2') ? conflictListing(this) : undefined,
        index,
      };
      if (cls === 'complete')
        h.evaluate = directValue(this, index.rules, fallbackRule) ?? evaluateComplete(group);
      else {
        h.call = callFunction(group);
        // OPA puts a function without arguments in its package's document, as its value.
        if (node.rules[0]?.args.length === 0) h.evaluate = (ctx) => h.call(ctx, []);
      }
    } else if (cls === 'set') {
      const index = this.indexes.of(node);
      h.evaluate = evaluateSet(
        index,
        index.rules.map((r) => compileDefinition(this, r, setTerminal)),
      );
    } else if (!insideObject) {
      h.evaluate = this.compileObject(node);
    }
    for (const c of node.children.values()) this.compileNode(c, insideObject || cls === 'object');
  }

  private compileObject(node: Node): (ctx: Ctx) => Value {
    const index = this.indexes.of(node);
    const relatives = new Map<ResolvedRule, readonly string[]>();
    // The object's index holds the rules of the nodes below too (a `default` one is left out,
    // as OPA ignores it): each runs as one of the object's, at its relative path.
    for (const m of node.walk())
      for (const rule of m.rules) relatives.set(rule, m.path.slice(node.path.length));
    const ordered = index.rules.map((rule): ObjectDefinition => {
      const relative = relatives.get(rule) ?? [];
      const terminal = objectTerminal(rule, relative);
      return { rule, relative, terminal, whole: compileDefinition(this, rule, terminal) };
    });
    const keyed = new KeyedObject(this, index, ordered);
    this.handle(node).keyed = (ctx, keys) => keyed.value(ctx, keys);
    return evaluateObject(
      index,
      ordered.map((d) => d.whole),
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
}
