/**
 * Runtime documents of rule-tree nodes: complete rules (conflicts, `else`, `default`, early
 * exit on constant values), sets, objects built from ref-head rules (including the rules of the
 * nodes below), functions, and packages (objects of their children merged with base data).
 * Values are cached per scope.
 */
import type { ResolvedRule, RuleIndex, RuleNode } from '../compiler/index.ts';
import { RegoError } from '../errors.ts';
import {
  canonicalKey,
  equal,
  type InputRead,
  lookupPath,
  makeObject,
  type ObjectValue,
  SetValue,
  type Value,
} from '../value/index.ts';
import { BatchMemo } from './batch-memo.ts';
import { mergeBase } from './collections.ts';
import type { Ctx } from './context.ts';
import { type CompiledDefinition, runCall, runDefinition } from './definitions.ts';
import type { NodeHandle } from './layout.ts';
import { ObjectBuilder } from './object-builder.ts';

type Node = RuleNode<ResolvedRule>;

/** A node's compiled evaluation. */
export class CompiledNode implements NodeHandle {
  readonly node: Node;
  private gen = -1;
  private cached: Value | undefined;
  /** Computes the node's document (set once compiled). */
  evaluate: (ctx: Ctx) => Value | undefined = () => undefined;
  /** Calls the node's function (set once compiled). */
  call: (ctx: Ctx, args: readonly Value[]) => Value | undefined = () => undefined;
  /**
   * The document at `keys` below the node, evaluating only what they address (object nodes,
   * set once compiled; other nodes select from their whole value).
   */
  keyed: ((ctx: Ctx, keys: readonly Value[]) => Value | undefined) | undefined;
  private keyedGen = -1;
  private readonly keyedCache = new Map<string, Value | undefined>();
  /** The reads of the input paths the value depends on (`null`: more than input); set once compiled. */
  footprint: () => readonly InputRead[] | null = () => null;
  /** The value remembered in a batch (`null`: never remembered, it depends on more than input). */
  #memo: BatchMemo | null | undefined;

  constructor(node: Node) {
    this.node = node;
  }

  get path(): readonly string[] {
    return this.node.path;
  }

  value(ctx: Ctx): Value | undefined {
    if (this.gen === ctx.gen) return this.cached;
    const v = ctx.batch === 0 ? this.evaluate(ctx) : this.#batchValue(ctx);
    this.cached = v;
    this.gen = ctx.gen;
    return v;
  }

  /**
   * The value in a batch: the one an earlier evaluation of the batch computed when the input
   * holds equal values at every path of the footprint (one value remembered per node).
   */
  #batchValue(ctx: Ctx): Value | undefined {
    if (this.#memo === undefined) {
      const paths = this.footprint();
      this.#memo = paths && new BatchMemo(paths);
    }
    return this.#memo === null ? this.evaluate(ctx) : this.#memo.value(ctx, this.evaluate);
  }

  /** The document at `keys` below the node (cached per scope and keys). */
  valueAt(ctx: Ctx, keys: readonly Value[]): Value | undefined {
    if (!this.keyed || keys.length === 0 || this.gen === ctx.gen) return lookupPath(this.value(ctx), keys);
    if (this.keyedGen !== ctx.gen) {
      this.keyedCache.clear();
      this.keyedGen = ctx.gen;
    }
    const id = canonicalKey(keys as Value[]);
    if (this.keyedCache.has(id)) return this.keyedCache.get(id);
    const v = this.keyed(ctx, keys);
    this.keyedCache.set(id, v);
    return v;
  }
}

/** Compiled definitions of a complete rule or function node. */
export interface DefinitionGroup {
  /** The index's rules (all but the `default` one), compiled, by index position. */
  readonly definitions: readonly CompiledDefinition[];
  /** The `default` definition, used when no other definition produces a value. */
  readonly fallback: CompiledDefinition | undefined;
  /** The message of a conflict between two values (its wording follows the OPA release). */
  readonly conflict: string;
  /**
   * The conflict error listing the values the definitions produce for `args` (OPA v1.22 lists
   * them); `undefined` keeps the error as raised.
   */
  readonly explain:
    | ((ctx: Ctx, g: DefinitionGroup, error: RegoError, args?: readonly Value[]) => RegoError)
    | undefined;
  /** The compiler's rule index: which definitions run, in which order, whether the first success decides. */
  readonly index: RuleIndex;
}

/** Evaluation of a complete rule node. */
export function evaluateComplete(g: DefinitionGroup): (ctx: Ctx) => Value | undefined {
  return (ctx) => {
    ctx.state.tick();
    try {
      return completeValue(ctx, g);
    } catch (e) {
      throw explained(ctx, g, e);
    }
  };
}

function completeValue(ctx: Ctx, g: DefinitionGroup): Value | undefined {
  let result: Value | undefined;
  const { entries, earlyExit } = g.index.select(ctx);
  for (const { position, branches } of entries) {
    const d = g.definitions[position] as CompiledDefinition;
    const v = runDefinition(ctx, d, undefined, branches);
    if (v === undefined) continue;
    if (result !== undefined && !equal(result, v)) {
      throw new RegoError('eval_conflict_error', g.conflict, d.rule.loc);
    }
    result = v;
    if (earlyExit) break;
  }
  return result === undefined && g.fallback ? runDefinition(ctx, g.fallback) : result;
}

/** `e`, listing the conflicting values when it is this group's own conflict. */
function explained(ctx: Ctx, g: DefinitionGroup, e: unknown, args?: readonly Value[]): unknown {
  const own = e instanceof RegoError && e.code === 'eval_conflict_error' && e.detail === g.conflict;
  return own && g.explain ? g.explain(ctx, g, e, args) : e;
}

/** Call of a function node. */
export function callFunction(g: DefinitionGroup): (ctx: Ctx, args: readonly Value[]) => Value | undefined {
  return (ctx, args) => {
    ctx.state.tick();
    try {
      return functionValue(ctx, g, args);
    } catch (e) {
      throw explained(ctx, g, e, args);
    }
  };
}

/** Writes a call's arguments into slots 1…n of a fresh frame. */
export function argumentSlots(args: readonly Value[]): (f: unknown[]) => void {
  return (f) => {
    for (let i = 0; i < args.length; i++) f[i + 1] = args[i];
  };
}

function functionValue(ctx: Ctx, g: DefinitionGroup, args: readonly Value[]): Value | undefined {
  let result: Value | undefined;
  const { entries, earlyExit } = g.index.select(ctx, args);
  for (const { position, branches } of entries) {
    const d = g.definitions[position] as CompiledDefinition;
    const v = runCall(ctx, d, args, branches);
    if (v === undefined) continue;
    if (result !== undefined && !equal(result, v)) {
      throw new RegoError('eval_conflict_error', g.conflict, d.rule.loc);
    }
    result = v;
    if (earlyExit) break;
  }
  return result === undefined && g.fallback ? runCall(ctx, g.fallback, args) : result;
}

/** Evaluation of a set node (`p contains x`): `definitions` compiled from the index's rules. */
export function evaluateSet(
  index: RuleIndex,
  definitions: readonly CompiledDefinition[],
): (ctx: Ctx) => Value {
  return (ctx) => {
    ctx.state.tick();
    const set = new SetValue();
    const init = (f: unknown[]) => {
      f[0] = set;
    };
    // In the rule index's order: the first error (or conflict) raised is OPA's.
    for (const { position, branches } of index.select(ctx).entries)
      runDefinition(ctx, definitions[position] as CompiledDefinition, init, branches);
    return set;
  };
}

/**
 * Evaluation of an object node: its ref-head definitions (and those of object nodes below,
 * compiled with their relative path) add to one builder in the order of OPA's rule index, so the
 * first error or key conflict raised is OPA's. The index also holds the rules of the complete and
 * set nodes below, each run as one of the object's definitions (in the order OPA v1.15 meets them,
 * or OPA v1.22's: the object's own, then the nodes below in key order); a `default` rule of a
 * node below gives nothing, as in OPA. `definitions` are by index position.
 */
export function evaluateObject(
  index: RuleIndex,
  definitions: readonly CompiledDefinition[],
): (ctx: Ctx) => Value {
  return (ctx) => {
    ctx.state.tick();
    const builder = new ObjectBuilder();
    const init = (f: unknown[]) => {
      f[0] = builder;
    };
    for (const { position, branches } of index.select(ctx).entries)
      runDefinition(ctx, definitions[position] as CompiledDefinition, init, branches);
    return builder.build();
  };
}

/** Evaluation of a package (or other node without rules): its children's documents over base data. */
export function evaluateInterior(
  node: Node,
  children: () => readonly CompiledNode[],
  read: (ctx: Ctx, child: CompiledNode) => Value | undefined,
): (ctx: Ctx) => Value {
  const key = (c: CompiledNode) => c.node.path[c.node.path.length - 1] as string;
  return (ctx) => {
    const entries: (readonly [Value, Value])[] = [];
    // In key order, as OPA walks a package: the first error raised is OPA's.
    const sorted = [...children()].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    for (const c of sorted) {
      if (c.node.nodeClass === 'function' && c.node.rules[0]?.args.length !== 0) continue;
      const v = read(ctx, c);
      if (v !== undefined) entries.push([c.node.path[c.node.path.length - 1] as string, v]);
    }
    return mergeBase(lookupPath(ctx.data, node.path), makeObject(entries) as ObjectValue);
  };
}
