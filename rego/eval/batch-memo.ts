/**
 * A rule's value remembered within a batch of evaluations, with what the input held at the paths
 * its value depends on (its footprint): an evaluation of the batch whose input holds equal values
 * there gets the remembered value. What the input held is kept at every prefix of each path, so
 * that a part of the input the batch's evaluations share (the same caller object in every query of
 * a list) is found equal by identity, without reading below it: a batch's inputs do not change
 * while it is in use.
 */
import { equal, type InputRead, type Value } from '../value/index.ts';
import type { Ctx } from './context.ts';

/** The prefixes of a path's read, outermost first (the path itself last). */
function prefixes(read: InputRead): InputRead[] {
  const chain: InputRead[] = [];
  for (let r: InputRead | undefined = read; r !== undefined; r = r.parent) chain.unshift(r);
  return chain;
}

/** One value remembered per batch, for a rule whose footprint is `paths`. */
export class BatchMemo {
  /** Each path's prefixes, outermost first. */
  readonly #chains: readonly (readonly InputRead[])[];
  /** How many values a remembered evaluation read (every prefix of every path). */
  readonly #size: number;
  #batch = 0;
  /** What the remembered evaluation read, chain after chain. */
  #inputs: (Value | undefined)[] = [];
  #value: Value | undefined;

  constructor(paths: readonly InputRead[]) {
    this.#chains = paths.map(prefixes);
    this.#size = this.#chains.reduce((n, chain) => n + chain.length, 0);
  }

  /**
   * The value in `ctx` (a scope of batch `ctx.batch`): the remembered one when the input holds
   * what the remembered evaluation read, else `evaluate(ctx)`, then remembered. An error
   * propagates and leaves nothing remembered: the next evaluation raises it again.
   */
  value(ctx: Ctx, evaluate: (ctx: Ctx) => Value | undefined): Value | undefined {
    if (this.#batch === ctx.batch && this.#same(ctx)) return this.#value;
    // Only an evaluation to remember allocates: a rule the rows of a batch share is read from
    // the memo for every row but the first.
    const inputs = new Array<Value | undefined>(this.#size);
    let at = 0;
    for (const chain of this.#chains) for (const read of chain) inputs[at++] = read.read(ctx);
    const v = evaluate(ctx);
    this.#batch = ctx.batch;
    this.#inputs = inputs;
    this.#value = v;
    return v;
  }

  /**
   * Whether the input holds, at every path, what the remembered evaluation read: the same object
   * at a prefix, or an equal value at the path itself.
   */
  #same(ctx: Ctx): boolean {
    const inputs = this.#inputs;
    let at = 0;
    for (const chain of this.#chains) {
      const last = chain.length - 1;
      for (let d = 0; d <= last; d++) {
        const now = (chain[d] as InputRead).read(ctx);
        const then = inputs[at + d];
        if (now === then) break;
        if (now === undefined || then === undefined) return false;
        if (d === last && !equal(now, then)) return false;
      }
      at += chain.length;
    }
    return true;
  }
}
