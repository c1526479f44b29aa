/**
 * Key-directed evaluation of an object node (partial-object and ref-head rules), as OPA's
 * evaluator does for a reference with known keys (`data.t.o.a`, `o[input.k]`): each definition's
 * head is unified with the keys *before* its body runs, so a definition for another key fails at
 * its first literal that needs the key, and only the values the reference addresses are built.
 * Conflicts and built-in errors of other keys therefore never surface; among the definitions that
 * may give the key, the rule index's order decides which error or conflict comes first.
 */
import type { IrTerm, ResolvedRule, RuleIndex } from '../compiler/index.ts';
import { lookup, type Value } from '../value/index.ts';
import type { Ctx } from './context.ts';
import {
  type CompiledDefinition,
  compileDefinition,
  runDefinition,
  type TerminalFactory,
} from './definitions.ts';
import type { Program } from './layout.ts';
import { ObjectBuilder } from './object-builder.ts';

/** A definition of the object node or of an object node below it, at its relative path. */
export interface ObjectDefinition {
  readonly rule: ResolvedRule;
  readonly relative: readonly string[];
  /** The definition compiled to add to the whole object. */
  readonly whole: CompiledDefinition;
  readonly terminal: TerminalFactory;
}

/** Whether `relative` and `keys` agree where both have a key. */
function compatible(relative: readonly string[], keys: readonly Value[]): boolean {
  const n = Math.min(relative.length, keys.length);
  for (let i = 0; i < n; i++) if (relative[i] !== keys[i]) return false;
  return true;
}

/** Whether the first `m` head terms can be parameters: no variable appears twice among them. */
function distinctVars(terms: readonly IrTerm[]): boolean {
  const names = terms.filter((t) => t.k === 'var').map((t) => (t as { name: string }).name);
  return new Set(names).size === names.length;
}

/** Evaluation of `object[keys…]` for one object node. */
export class KeyedObject {
  private readonly program: Program;
  private readonly index: RuleIndex;
  private readonly definitions: readonly ObjectDefinition[];
  /** Definitions compiled with their first `m` head terms as parameters, by `position:m`. */
  private readonly variants = new Map<string, CompiledDefinition>();

  /**
   * @param definitions by position in `index`
   */
  constructor(program: Program, index: RuleIndex, definitions: readonly ObjectDefinition[]) {
    this.program = program;
    this.index = index;
    this.definitions = definitions;
  }

  private variant(position: number, d: ObjectDefinition, m: number): CompiledDefinition {
    const id = `${position}:${m}`;
    let compiled = this.variants.get(id);
    if (!compiled) {
      const heads = d.rule.dynamic.slice(0, m);
      compiled = distinctVars(heads)
        ? compileDefinition(this.program, { ...d.rule, args: heads }, d.terminal)
        : d.whole;
      this.variants.set(id, compiled);
    }
    return compiled;
  }

  /**
   * The value at `keys` (non-empty) below the object, evaluating only what they address, in the
   * rule index's order (the first error or key conflict raised is OPA's).
   */
  value(ctx: Ctx, keys: readonly Value[]): Value | undefined {
    ctx.state.tick();
    const builder = new ObjectBuilder();
    for (const { position, branches } of this.index.select(ctx).entries)
      this.run(ctx, builder, keys, position, this.definitions[position] as ObjectDefinition, branches);
    let v: Value | undefined = builder.build();
    for (const key of keys) {
      if (v === undefined) return undefined;
      v = lookup(v, key);
    }
    return v;
  }

  /** Runs one definition with its head unified with `keys` first. */
  private run(
    ctx: Ctx,
    builder: ObjectBuilder,
    keys: readonly Value[],
    position: number,
    d: ObjectDefinition,
    branches: readonly number[],
  ): void {
    if (!compatible(d.relative, keys)) return;
    const m = Math.min(keys.length - d.relative.length, d.rule.dynamic.length);
    const compiled = m <= 0 ? d.whole : this.variant(position, d, m);
    const offset = d.relative.length;
    runDefinition(
      ctx,
      compiled,
      (f) => {
        f[0] = builder;
        if (compiled !== d.whole) for (let i = 0; i < m; i++) f[1 + i] = keys[offset + i];
      },
      branches,
    );
  }
}
