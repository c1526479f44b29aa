import { describe, expect, it } from 'vitest';
import { seededRandom } from '../test/support/seeded-random.ts';
import type { BuiltinDefinition } from './builtin.ts';
import { createStandardBuiltins } from './builtins/index.ts';
import { RegoError } from './errors.ts';
import { compilePolicies, type PolicySet } from './policy-set.ts';
import { canonicalKey, type Value } from './value/index.ts';

// Rules reading only the caller (directly, through functions, sets, objects, packages, `every`,
// comprehensions, dynamic paths, `not`), rules reading each document, the whole input, base data,
// and what a batch must never reuse: non-deterministic and host built-ins, `print`, `with`,
// conflicts raised as errors.
const POLICY = `package t

import rego.v1

subject := input.identity.value

admin if "admin" in input.identity.roles

role_count := count([r | some r in input.identity.roles])

tier_limit := data.limits[input.identity.tier]

located if is_string(input.location.country)

restricted if input.location.country in {"CN", "KP", "IR"}

permitted if {
	located
	not restricted
}

owns(doc) if doc.owner == subject

tags contains tag if some tag in input.resource.tags

labels[k] := v if some k, v in input.resource.labels

all_small if every size in input.resource.sizes { size < 10 }

allowed if {
	permitted
	owns(input.resource)
}

allowed if admin

keys := count(input)

reading := input.resource[input.identity.field]

conflict := input.resource.a

conflict := input.resource.b

stamp := time.now_ns()

counted := host.count(subject)

printed if {
	print("caller", subject)
	subject != ""
}

as_admin if admin with input.identity.roles as ["admin"]

caller := {"subject": subject, "admin": admin, "limit": tier_limit}

nested := data.t.sub

package_view := data.t.sub.q

sub.q := subject

sub.r := input.resource.id
`;

const REFS = [
  'subject',
  'admin',
  'role_count',
  'tier_limit',
  'located',
  'restricted',
  'permitted',
  'tags',
  'labels',
  'all_small',
  'allowed',
  'keys',
  'reading',
  'conflict',
  'stamp',
  'counted',
  'printed',
  'as_admin',
  'caller',
  'nested',
  'package_view',
  'sub',
].map((r) => `t.${r}`);

/** A host built-in whose answer changes on every call (a batch must call it every time). */
function counter(): BuiltinDefinition {
  let calls = 0;
  return { name: 'host.count', arity: 1, kind: 'function', call: () => ++calls };
}

function compile(): PolicySet {
  return compilePolicies([{ file: 't.rego', source: POLICY }], {
    builtins: new Map([...createStandardBuiltins(), ['host.count', counter()]]),
    data: { limits: { gold: 100, silver: 10 } },
    version: 'v1',
  });
}

/** Inputs as a list route sends them: a few callers (shared objects, equal copies, changed ones) over many documents. */
function inputs(count: number, seed: number): unknown[] {
  const next = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  const callers = [
    { value: 'alice', roles: ['user'], tier: 'gold', field: 'id' },
    { value: 'bob', roles: ['user', 'admin'], tier: 'silver', field: 'owner' },
    { value: 'carol', roles: [], tier: 'bronze', field: 'missing' },
    { value: '', roles: ['user'] },
  ];
  const locations = [{ country: 'FR' }, { country: 'CN' }, {}, { country: 7 }];
  let caller = callers[0] as Record<string, unknown>;
  let location = locations[0] as Record<string, unknown>;
  const out: unknown[] = [];
  for (let d = 0; d < count; d++) {
    const r = next();
    if (r < 0.05) caller = pick(callers);
    else if (r < 0.1)
      caller = structuredClone(caller); // an equal copy, another object
    else if (r < 0.12) caller = { ...caller, roles: [...(caller.roles as string[]), 'admin'] };
    if (next() < 0.05) location = pick(locations);
    const a = Math.floor(next() * 3);
    const resource = {
      id: `doc-${d}`,
      owner: pick(['alice', 'bob', 'dave']),
      tags: next() < 0.5 ? ['x', pick(['y', 'z'])] : [],
      labels: { kind: pick(['memo', 'report']) },
      sizes: [Math.floor(next() * 12), 1],
      a,
      b: next() < 0.8 ? a : a + 1,
    };
    const input: Record<string, unknown> = { identity: caller, location, resource };
    if (next() < 0.03) input.extra = true;
    out.push(next() < 0.01 ? { ...input, bad: () => 1 } : input);
  }
  return out;
}

/** A value or the error an evaluation raised, comparable across the two ways. */
function outcome(evaluate: () => Value | undefined): string {
  try {
    const v = evaluate();
    return v === undefined ? 'undefined' : canonicalKey(v);
  } catch (e) {
    return e instanceof RegoError ? `${e.code}: ${e.message}` : `thrown: ${String(e)}`;
  }
}

describe('PolicySet.batch', () => {
  it('decides every input exactly as one evaluation at a time does (differential, 3 × 600 inputs)', () => {
    for (const seed of [1, 2, 3]) {
      const alone = compile();
      const batched = compile();
      const nowNs = 1_700_000_000_000_000_000n;
      const printedAlone: string[] = [];
      const printedBatched: string[] = [];
      const batch = batched.batch({ nowNs, print: (m) => printedBatched.push(m) });
      const list = inputs(600, seed);
      for (const input of list) {
        for (const ref of REFS) {
          const expected = outcome(() =>
            alone.evaluate(ref, input, { nowNs, print: (m) => printedAlone.push(m) }),
          );
          expect(
            outcome(() => batch.evaluate(ref, input)),
            ref,
          ).toBe(expected);
        }
      }
      expect(printedBatched).toEqual(printedAlone);
      expect(printedAlone.length).toBeGreaterThan(100);
    }
  });

  it('evaluates a rule that reads only the caller once for a list, again when the caller changes', () => {
    let calls = 0;
    const standard = createStandardBuiltins();
    const lower = standard.get('lower') as BuiltinDefinition & { kind: 'function' };
    const policies = compilePolicies(
      [
        {
          file: 'p.rego',
          source: `package p
import rego.v1
caller_ok if lower(input.identity.value) == "alice"
allowed if {
	caller_ok
	input.resource.owner == input.identity.value
}`,
        },
      ],
      {
        // \`lower\` counted: a declared, deterministic built-in, so the caller rule may be reused.
        builtins: new Map([
          ...standard,
          [
            'lower',
            {
              ...lower,
              call: (args, ctx) => {
                calls++;
                return lower.call(args, ctx);
              },
            },
          ],
        ]),
        version: 'v1',
      },
    );
    const list = (identity: object, batch = policies.batch()) =>
      Array.from({ length: 10 }, (_, d) =>
        batch.evaluate('p.allowed', { identity, resource: { owner: d % 2 ? 'alice' : 'bob' } }),
      );
    const alice = { value: 'alice' };
    const batch = policies.batch();
    expect(list(alice, batch).filter((v) => v === true)).toHaveLength(5);
    expect(calls).toBe(1);
    expect(list({ value: 'alice' }, batch)).toHaveLength(10); // an equal caller, another object
    expect(calls).toBe(1);
    expect(list({ value: 'bob' }, batch).some((v) => v === true)).toBe(false);
    expect(calls).toBe(2);
    list(alice); // a new batch
    expect(calls).toBe(3);
    for (let d = 0; d < 3; d++) policies.evaluate('p.allowed', { identity: alice, resource: { owner: 'x' } });
    expect(calls).toBe(6);
  });

  it('reuses a caller-only rule across documents, not across callers or batches', () => {
    const policies = compile();
    const batch = policies.batch();
    const alice = { value: 'alice', roles: ['admin'], tier: 'gold' };
    const location = { country: 'FR' };
    const callers = (identity: object, batchOf = batch) =>
      [1, 2, 3].map((d) =>
        batchOf.evaluate('t.caller', { identity, location, resource: { id: `doc-${d}`, owner: 'bob' } }),
      );
    expect(callers(alice)).toEqual([1, 2, 3].map(() => ({ subject: 'alice', admin: true, limit: 100 })));
    const bob = { value: 'bob', roles: ['admin'], tier: 'silver' };
    expect(callers(bob)).toEqual([1, 2, 3].map(() => ({ subject: 'bob', admin: true, limit: 10 })));
    expect(callers({ ...bob, tier: 'gold' }, policies.batch())[0]).toEqual({
      subject: 'bob',
      admin: true,
      limit: 100,
    });
  });

  it('raises an invalid input as a single evaluation does', () => {
    const batch = compile().batch();
    const identity = { value: 'alice', roles: [] };
    expect(batch.evaluate('t.subject', { identity })).toBe('alice');
    expect(() => batch.evaluate('t.subject', { identity, f: () => 1 })).toThrow(
      /eval_type_error|invalid input: input\.f/,
    );
    expect(() => batch.evaluate('t.subject', { identity: { value: Number.POSITIVE_INFINITY } })).toThrow(
      /not finite/,
    );
  });
});

describe('PolicyBatch.evaluateValue', () => {
  it('decides an input already made of values exactly as evaluate does', () => {
    const alone = compile();
    const batched = compile();
    const nowNs = 1_700_000_000_000_000_000n;
    const batch = batched.batch({ nowNs, print: () => {} });
    const list = inputs(300, 4).filter((input) => !('bad' in (input as object)));
    for (const input of list) {
      for (const ref of REFS.filter((r) => r !== 't.counted')) {
        const expected = outcome(() => alone.evaluate(ref, input, { nowNs, print: () => {} }));
        expect(
          outcome(() => batch.evaluateValue(ref, input as Value)),
          ref,
        ).toBe(expected);
      }
    }
  });
});
