import { describe, expect, it } from 'vitest';
import type { BuiltinDefinition } from '../builtin.ts';
import { SetValue, type Value } from '../value/index.ts';
import { createStandardBuiltins } from './index.ts';
import { call, failure, testContext } from './test-support.ts';

function callWith(
  defs: ReadonlyMap<string, BuiltinDefinition>,
  ctx: ReturnType<typeof testContext>,
  name: string,
  ...args: Value[]
) {
  const def = defs.get(name);
  if (def?.kind !== 'function') throw new Error(name);
  return def.call(args, ctx);
}

describe('runtime built-ins', () => {
  const counter = () => {
    let n = 0;
    return (size: number) => Uint8Array.from({ length: size }, () => n++ % 256);
  };

  it('memoizes uuid.rfc4122 and rand.intn per query and key', () => {
    const defs = createStandardBuiltins({ randomBytes: counter() });
    const ctx = testContext();
    const first = callWith(defs, ctx, 'uuid.rfc4122', 'a');
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(callWith(defs, ctx, 'uuid.rfc4122', 'a')).toBe(first);
    expect(callWith(defs, ctx, 'uuid.rfc4122', 'b')).not.toBe(first);
    expect(callWith(defs, testContext(), 'uuid.rfc4122', 'a')).not.toBe(first);
    const n = callWith(defs, ctx, 'rand.intn', 'x', 10);
    expect(typeof n === 'number' && n >= 0 && n < 10).toBe(true);
    expect(callWith(defs, ctx, 'rand.intn', 'x', 10)).toBe(n);
    expect(callWith(defs, ctx, 'rand.intn', 'x', 0)).toBe(0);
  });

  it('prints strings raw and other values in Rego syntax', () => {
    const printed: string[] = [];
    const defs = createStandardBuiltins();
    expect(callWith(defs, testContext(printed), 'print', 'x', 1, ['a'], new SetValue())).toBe(true);
    expect(printed).toEqual(['x 1 ["a"] set()']);
  });

  it('answers trace, and opa.runtime as OPA embedded without runtime information: {}', () => {
    expect(call('trace', 'note')).toBe(true);
    expect(call('opa.runtime')).toEqual({});
  });
});

describe('rand.intn bounds', () => {
  it('draws below very large bounds, and refuses bounds beyond 64 bits as OPA does', () => {
    const n = call('rand.intn', 'big', 2n ** 63n - 1n);
    expect(typeof n === 'number' && n >= 0 && n <= Number.MAX_SAFE_INTEGER).toBe(true);
    expect(failure('rand.intn', 'big', 2n ** 70n).message).toBe(
      'rand.intn: operand 2 must be integer number but got floating-point number',
    );
    expect(call('rand.intn', 'neg', -5)).toBeLessThan(5);
  });
});
