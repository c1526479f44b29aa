/**
 * `npm run bench -- rego-numbers`: the cost of OPA's number model in the Rego engine. Integer
 * arithmetic, float arithmetic that the double fast path answers (`count / total`, `x * 0.5`),
 * decimal operands OPA reads beside their double (`0.1 * 3`), each also forced through the
 * `big.Float` emulation, side by side; then a policy rule computing a ratio from its input, with
 * integer and with float arithmetic.
 */

import { multiply, quotient, sum } from '../rego/builtins/go-big-float.ts';
import { addNumbers, divideNumbers, multiplyNumbers } from '../rego/builtins/number-ops.ts';
import { fromBigFloat, toBigFloat } from '../rego/builtins/opa-number.ts';
import { compilePolicies, standardBuiltins } from '../rego/index.ts';
import { formatDuration, measure, printTable } from './measure.ts';

/** Operand pairs that rotate, so that no single pair's constant folding or cache flatters a row. */
const INTEGERS: [number, number][] = [
  [17, 25],
  [1_000, 3],
  [123_456, 789],
  [2, 7],
];
const FRACTIONS: [number, number][] = [
  [1, 3],
  [17, 24],
  [123_456, 789],
  [5, 7],
];
const DYADIC: [number, number][] = [
  [12.5, 0.5],
  [7, 0.25],
  [1.75, 3],
  [99.5, 2.5],
];
const DECIMAL: [number, number][] = [
  [0.1, 3],
  [1.1, 2.2],
  [19.99, 0.07],
  [0.3, 0.7],
];

function rotating(pairs: [number, number][], op: (a: number, b: number) => unknown): () => unknown {
  let i = 0;
  return () => {
    const [a, b] = pairs[i++ % pairs.length] as [number, number];
    return op(a, b);
  };
}

const exactPath = {
  divide: (a: number, b: number) => fromBigFloat(quotient(toBigFloat(a), toBigFloat(b))),
  multiply: (a: number, b: number) => fromBigFloat(multiply(toBigFloat(a), toBigFloat(b))),
  add: (a: number, b: number) => fromBigFloat(sum(toBigFloat(a), toBigFloat(b))),
};

const RATIO_POLICY = `package bench

ratio := input.done / input.total

share := input.price * input.rate
`;

/** Runs the benchmark and prints its figures. */
export async function run(): Promise<void> {
  const rows: { what: string; ns: number }[] = [];
  const time = async (what: string, op: () => unknown) => {
    const m = await measure(what, op, { batch: 5_000, samples: 60, warmup: 20_000 });
    rows.push({ what, ns: m.medianNs });
  };
  await time(
    'integers: a + b (engine)',
    rotating(INTEGERS, (a, b) => addNumbers('rounded', a, b)),
  );
  await time(
    'integers: a / b, fraction (engine, fast path)',
    rotating(FRACTIONS, (a, b) => divideNumbers('div', a, b)),
  );
  await time('integers: a / b, fraction (big.Float path)', rotating(FRACTIONS, exactPath.divide));
  await time(
    'dyadic: a * b (engine, fast path)',
    rotating(DYADIC, (a, b) => multiplyNumbers('rounded', a, b)),
  );
  await time('dyadic: a * b (big.Float path)', rotating(DYADIC, exactPath.multiply));
  await time(
    'dyadic: a + b (engine, fast path)',
    rotating(DYADIC, (a, b) => addNumbers('rounded', a, b)),
  );
  await time('dyadic: a + b (big.Float path)', rotating(DYADIC, exactPath.add));
  await time(
    'decimal: a * b (engine, fast path)',
    rotating(DECIMAL, (a, b) => multiplyNumbers('rounded', a, b)),
  );
  await time('decimal: a * b (big.Float path)', rotating(DECIMAL, exactPath.multiply));
  await time(
    'plain doubles: a * b (reference)',
    rotating(DECIMAL, (a, b) => a * b),
  );

  const policies = compilePolicies([{ file: 'ratio.rego', source: RATIO_POLICY }], {
    builtins: standardBuiltins,
  });
  const integerInput = { done: 17, total: 24, price: 12, rate: 3 };
  const floatInput = { done: 17, total: 24, price: 19.99, rate: 0.07 };
  await time('policy: ratio := done / total (17 / 24)', () => policies.evaluate('bench.ratio', integerInput));
  await time('policy: share := price * rate (12 * 3)', () => policies.evaluate('bench.share', integerInput));
  await time('policy: share := price * rate (19.99 * 0.07)', () =>
    policies.evaluate('bench.share', floatInput),
  );

  const base = rows[0]?.ns ?? 1;
  printTable(
    'rego-numbers: one arithmetic operation (median of 60 samples of 5,000)',
    rows.map((r) => ({
      operation: r.what,
      median: formatDuration(r.ns),
      'vs integer add': `${(r.ns / base).toFixed(1)}×`,
    })),
  );
}
