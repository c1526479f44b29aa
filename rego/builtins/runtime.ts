/**
 * Built-ins that depend on the evaluation rather than on their arguments: `print`, `trace`,
 * `uuid.rfc4122`, `rand.intn` (both memoized per query) and `opa.runtime`.
 */
import type { BuiltinDefinition } from '../builtin.ts';
import { makeObject, type Value } from '../value/index.ts';
import { hexText } from './bytes.ts';
import { defineFunction, intArg, stringArg } from './operands.ts';
import { regoText } from './rego-text.ts';

/** A source of random bytes (injectable so that tests are deterministic). */
export type RandomBytes = (size: number) => Uint8Array;

function printText(v: Value): string {
  return typeof v === 'string' ? v : regoText(v);
}

function uuidV4(random: RandomBytes): string {
  const b = Uint8Array.from(random(16));
  b[6] = ((b[6] as number) & 0x0f) | 0x40;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const hex = hexText(b);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A uniformly distributed integer in `[0, n)`, `n` at most 2^53. */
function randomBelow(random: RandomBytes, n: number): number {
  const span = BigInt(n);
  const limit = 2n ** 64n - (2n ** 64n % span);
  for (;;) {
    const x = new DataView(Uint8Array.from(random(8)).buffer).getBigUint64(0);
    if (x < limit) return Number(x % span);
  }
}

/** Runtime built-ins drawing randomness from `random`. */
export function createRuntimeBuiltins(random: RandomBytes): readonly BuiltinDefinition[] {
  return [
    defineFunction('print', -1, (args, ctx) => {
      ctx.print(args.map(printText).join(' '));
      return true;
    }),
    defineFunction('trace', 1, (args) => {
      stringArg('trace', args, 0);
      return true;
    }),
    defineFunction('uuid.rfc4122', 1, (args, ctx) => {
      const key = `uuid.rfc4122\u0000${stringArg('uuid.rfc4122', args, 0)}`;
      let id = ctx.memo.get(key);
      if (id === undefined) {
        id = uuidV4(random);
        ctx.memo.set(key, id);
      }
      return id;
    }),
    defineFunction('rand.intn', 2, (args, ctx) => {
      const seed = stringArg('rand.intn', args, 0);
      const n = Math.abs(intArg('rand.intn', args, 1));
      if (n === 0) return 0;
      const key = `rand.intn\u0000${seed}-${n}`;
      let value = ctx.memo.get(key);
      if (value === undefined) {
        value = randomBelow(random, n);
        ctx.memo.set(key, value);
      }
      return value;
    }),
    defineFunction('opa.runtime', 0, () => makeObject([])),
  ];
}
