/**
 * Differential testing of the engine against the real OPA: each generated program is evaluated
 * by both with the same input and strict built-in errors, and the answers compared — the
 * documents exactly (as JSON, object keys in any order), errors by their kind (code).
 */
import {
  compilePolicies,
  createStandardBuiltins,
  DEFAULT_OPA_VERSION,
  isObject,
  makeObject,
  type OpaVersion,
  objectEntries,
  RegoError,
  SetValue,
  toJson,
  type Value,
} from '../../rego/index.ts';
import { sameAnswer } from './answers.ts';
import { knownOpaBug, NONDETERMINISTIC_ORDER } from './opa-bugs.ts';
import type { OpaAnswer, OpaOracle } from './opa-server.ts';
import { createRandomSource } from './random-source.ts';
import { type FuzzProgram, generateProgram } from './rego-program.ts';
import { generateWideProgram } from './wide-program.ts';

/**
 * A value as OPA's answer reads once parsed as JSON text: numbers as doubles (OPA's exact
 * `9007199254740993` reads as 9007199254740992 too), object keys as OPA writes them.
 */
function asOpaReadsIt(v: Value): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (Array.isArray(v)) return v.map(asOpaReadsIt);
  if (v instanceof SetValue) return v.sorted().map(asOpaReadsIt);
  if (isObject(v)) {
    return Object.fromEntries(
      objectEntries(v).map(([k, x]) => [
        typeof k === 'string' ? k : Object.keys(toJson(makeObject([[k, null]])) as object)[0],
        asOpaReadsIt(x),
      ]),
    );
  }
  return v;
}

/** A rule on which the engine and OPA disagree. */
export interface Divergence {
  readonly program: FuzzProgram;
  /** The program's index in its batch (`--only <index>` with the batch's seed replays it). */
  readonly index: number;
  /** The rule, below `data`. */
  readonly ref: string;
  /** The shape family of the rule (`classic` for the classic shapes). */
  readonly family: string;
  readonly engine: OpaAnswer;
  readonly opa: OpaAnswer;
  /** The documented OPA bug the divergence is an instance of (`opa-bugs.ts`), if any. */
  readonly opaBug?: string;
}

/**
 * A program OPA gave no answer to within the oracle's deadline or memory limit: not compared
 * (neither an engine divergence nor dropped), reported with what it takes to replay it.
 */
export interface OpaStallRecord {
  readonly program: FuzzProgram;
  /** The seed of the batch and the program's index in it. */
  readonly seed: number;
  readonly index: number;
  /** Why OPA was given up (`no answer within 20 s`, its memory limit). */
  readonly reason: string;
  /** The queried refs and the engine's answer to each. */
  readonly refs: readonly string[];
  readonly engine: readonly OpaAnswer[];
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
  /**
   * `wide` (default): the classic shapes mixed with the shape families (v0 and non-strict,
   * base documents, keys below partial rules, compile checks, parser edges, extremes, YAML,
   * built-in errors); `classic`: built-in calls and operators on input values only.
   */
  readonly shapes?: 'wide' | 'classic';
  /** The shape families of widened programs (default: all of `SHAPE_FAMILIES`). */
  readonly families?: readonly string[];
  /**
   * Only these program indexes are evaluated (the others are generated, so each program is the
   * one of the whole batch), e.g. to replay a stalled program; `count` is then ignored.
   */
  readonly only?: readonly number[];
  /** Called after each program with the number checked so far. */
  readonly onProgress?: (checked: number, divergences: number, stalls: number) => void;
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

/** The program's base documents as one `data` document. */
function baseData(program: FuzzProgram): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const { path, value } of program.documents ?? []) {
    let node = root;
    path.slice(0, -1).forEach((key) => {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    });
    node[path[path.length - 1] as string] = value;
  }
  return root;
}

/** The ref below `data` of each queried path of `program`. */
export function programRefs(program: FuzzProgram): string[] {
  return program.rules.map((rule) => (rule === '' ? program.packagePath : `${program.packagePath}.${rule}`));
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
      version: program.regoVersion ?? 'v1',
      opaVersion,
      data: baseData(program),
    });
  } catch (e) {
    if (!(e instanceof RegoError)) throw e;
    return refs.map(() => ({ kind: 'error', code: e.code, message: e.message }));
  }
  return refs.map((ref): OpaAnswer => {
    try {
      const value = policies.evaluate(ref, program.input, { strict: program.strict ?? true });
      return { kind: 'result', value: value === undefined ? undefined : asOpaReadsIt(value) };
    } catch (e) {
      if (e instanceof RegoError) return { kind: 'error', code: e.code, message: e.message };
      throw e;
    }
  });
}

/** What a batch found: divergent rules and the programs OPA stalled on. */
export interface BatchOutcome {
  /** Programs evaluated (stalled ones included). */
  readonly checked: number;
  readonly divergences: Divergence[];
  readonly stalls: OpaStallRecord[];
}

/**
 * Generates `count` programs from `seed` and returns the rules on which the engine and OPA
 * disagree, and the programs OPA stalled on.
 * @example const { divergences, stalls } = await runDifferentialBatch({ seed: 1, count: 100, oracle });
 */
export async function runDifferentialBatch(batch: DifferentialBatch): Promise<BatchOutcome> {
  const random = createRandomSource(batch.seed);
  const divergences: Divergence[] = [];
  const stalls: OpaStallRecord[] = [];
  const only = batch.only ? new Set(batch.only) : undefined;
  const count = only ? Math.max(-1, ...only) + 1 : batch.count;
  let checked = 0;
  for (let id = 0; id < count; id++) {
    const program =
      batch.shapes === 'classic'
        ? generateProgram(random, id, batch.opaVersion)
        : generateWideProgram(random, id, batch.opaVersion ?? DEFAULT_OPA_VERSION, batch.families);
    if (only && !only.has(id)) continue;
    const refs = programRefs(program);
    const opa = await batch.oracle.evaluate(program.source, refs, program.input, program);
    const engine = engineAnswers(program, refs, batch.opaVersion);
    checked++;
    const stalled = opa.find((a) => a.kind === 'stalled');
    if (stalled?.kind === 'stalled') {
      stalls.push({ program, seed: batch.seed, index: id, reason: stalled.reason, refs, engine });
    } else {
      for (const [i, ref] of refs.entries()) {
        const [e, o] = [engine[i] as OpaAnswer, opa[i] as OpaAnswer];
        const family = program.families?.[i] ?? 'classic';
        if (sameAnswer(e, o)) continue;
        const opaBug =
          knownOpaBug(program.source, o) ??
          ((await answeredOnRecompiling(batch.oracle, program, ref, e, o))
            ? NONDETERMINISTIC_ORDER
            : undefined);
        divergences.push({
          program,
          index: id,
          ref,
          family,
          engine: e,
          opa: o,
          ...(opaBug ? { opaBug } : {}),
        });
      }
    }
    batch.onProgress?.(checked, divergences.length, stalls.length);
  }
  return { checked, divergences, stalls };
}

/** How many times a divergent program is compiled again to see whether OPA answers as the engine. */
const RECOMPILES = 8;

/**
 * Whether OPA gives the engine's answer `engine` to `ref` of `program` when it compiles the
 * program again: OPA v1.15.2's rule index orders its levels by Go's randomized map iteration, so
 * which of several definitions runs first (and so the error or conflict reported, or the value
 * of a definition that ends the search early before another's error) may change from one
 * compilation to the next. Asked whenever one of the two answers is an error: the engine's
 * value against OPA's error too (OPA's rarer order met first).
 */
async function answeredOnRecompiling(
  oracle: OpaOracle,
  program: FuzzProgram,
  ref: string,
  engine: OpaAnswer,
  opa: OpaAnswer,
): Promise<boolean> {
  if (engine.kind !== 'error' && opa.kind !== 'error') return false;
  for (let n = 0; n < RECOMPILES; n++) {
    const [again] = await oracle.evaluate(program.source, [ref], program.input, program);
    // OPA stalled this time: the divergence stands as first answered.
    if (!again || again.kind === 'stalled') return false;
    if (sameAnswer(engine, again)) return true;
  }
  return false;
}
