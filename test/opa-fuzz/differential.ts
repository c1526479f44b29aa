/**
 * Differential testing of the engine against the real OPA: each generated program is evaluated
 * by both with the same input and strict built-in errors, and the answers compared — the
 * documents exactly (as JSON, object keys in any order), errors by their kind (code).
 */
import {
  compilePolicies,
  createStandardBuiltins,
  DEFAULT_OPA_VERSION,
  type OpaVersion,
  RegoError,
  toJson,
} from '../../rego/index.ts';
import type { OpaAnswer, OpaOracle } from './opa-server.ts';
import { createRandomSource } from './random-source.ts';
import { type FuzzProgram, generateProgram } from './rego-program.ts';

/** A rule on which the engine and OPA disagree. */
export interface Divergence {
  readonly program: FuzzProgram;
  /** The rule, below `data`. */
  readonly ref: string;
  readonly engine: OpaAnswer;
  readonly opa: OpaAnswer;
}

/** What {@link runDifferentialBatch} runs. */
export interface DifferentialBatch {
  /** Seed of the batch: the same seed generates the same programs. */
  readonly seed: number;
  /** Number of programs. */
  readonly count: number;
  readonly oracle: OpaOracle;
  /** The OPA release the engine follows, the oracle's (default `v1.15.2`). */
  readonly opaVersion?: OpaVersion;
  /** Called after each program with the number checked so far. */
  readonly onProgress?: (checked: number, divergences: number) => void;
}

const registries = new Map<OpaVersion, ReturnType<typeof createStandardBuiltins>>();

/** The standard built-ins of `opaVersion`, built once. */
function builtinsOf(opaVersion: OpaVersion): ReturnType<typeof createStandardBuiltins> {
  let builtins = registries.get(opaVersion);
  if (!builtins) {
    builtins = createStandardBuiltins({ opaVersion });
    registries.set(opaVersion, builtins);
  }
  return builtins;
}

/** Evaluates each of `refs` of `program` with the engine, as OPA's Data API would answer it. */
export function engineAnswers(
  program: FuzzProgram,
  refs: readonly string[],
  opaVersion: OpaVersion = DEFAULT_OPA_VERSION,
): OpaAnswer[] {
  let policies: ReturnType<typeof compilePolicies>;
  try {
    policies = compilePolicies([{ file: 'program.rego', source: program.source }], {
      builtins: builtinsOf(opaVersion),
      version: 'v1',
      opaVersion,
    });
  } catch (e) {
    if (!(e instanceof RegoError)) throw e;
    return refs.map(() => ({ kind: 'error', code: e.code, message: e.message }));
  }
  return refs.map((ref): OpaAnswer => {
    try {
      const value = policies.evaluate(ref, program.input, { strict: true });
      return { kind: 'result', value: value === undefined ? undefined : toJson(value) };
    } catch (e) {
      if (e instanceof RegoError) return { kind: 'error', code: e.code, message: e.message };
      throw e;
    }
  });
}

/** JSON text with object keys sorted and numbers as float64, so equal documents compare equal. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_, x: unknown) => {
    if (typeof x === 'bigint') return Number(x);
    if (x && typeof x === 'object' && !Array.isArray(x)) {
      return Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return x;
  });
}

/** Whether two answers agree: equal documents, or errors of the same kind. */
export function sameAnswer(a: OpaAnswer, b: OpaAnswer): boolean {
  if (a.kind === 'error') return b.kind === 'error' && a.code === b.code;
  return b.kind === 'result' && canonical(a.value) === canonical(b.value);
}

/**
 * Generates `count` programs from `seed` and returns the rules on which the engine and OPA disagree.
 * @example const { divergences } = await runDifferentialBatch({ seed: 1, count: 100, oracle });
 */
export async function runDifferentialBatch(
  batch: DifferentialBatch,
): Promise<{ checked: number; divergences: Divergence[] }> {
  const random = createRandomSource(batch.seed);
  const divergences: Divergence[] = [];
  for (let id = 0; id < batch.count; id++) {
    const program = generateProgram(random, id, batch.opaVersion);
    const refs = program.rules.map((rule) => `${program.packagePath}.${rule}`);
    const opa = await batch.oracle.evaluate(program.source, refs, program.input);
    const engine = engineAnswers(program, refs, batch.opaVersion);
    refs.forEach((ref, i) => {
      const [e, o] = [engine[i] as OpaAnswer, opa[i] as OpaAnswer];
      if (!sameAnswer(e, o)) divergences.push({ program, ref, engine: e, opa: o });
    });
    batch.onProgress?.(id + 1, divergences.length);
  }
  return { checked: batch.count, divergences };
}

/** A divergence as text: the program, its input and both answers. */
export function describeDivergence(d: Divergence): string {
  const show = (a: OpaAnswer) => (a.kind === 'error' ? `error ${a.code}: ${a.message}` : canonical(a.value));
  return [
    d.program.source.trimEnd(),
    `input: ${JSON.stringify(d.program.input)}`,
    `rule: data.${d.ref}`,
    `engine: ${show(d.engine)}`,
    `opa:    ${show(d.opa)}`,
  ].join('\n');
}
