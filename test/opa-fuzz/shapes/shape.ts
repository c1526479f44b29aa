/**
 * What a program shape family produces: rule lines for one name, the paths below the package to
 * query (the rule itself, or a key below a partial rule), and base documents it reads.
 */
import type { OpaVersion } from '../../../rego/opa-version.ts';
import type { RandomSource } from '../random-source.ts';

/** Where and how a shape is generated. */
export interface ShapeContext {
  readonly random: RandomSource;
  /** The rule name the shape defines (helpers get it as a suffix). */
  readonly name: string;
  /** Package path below `data`, e.g. `fuzz.p12`. */
  readonly pkg: string;
  /** Rego v0 module (else v1). */
  readonly v0: boolean;
  readonly opaVersion: OpaVersion;
  /** The module imports OPA v1.22's `and`, `or` and `not` keywords. */
  readonly logic?: boolean;
}

/** A base document: its path below `data` and its value. */
export interface BaseDocument {
  readonly path: readonly string[];
  readonly value: unknown;
}

/** A generated shape. */
export interface Shape {
  readonly lines: readonly string[];
  /** Paths below the package to query, e.g. `r0`, `r0.a`. */
  readonly queries: readonly string[];
  readonly documents?: readonly BaseDocument[];
}

/** A shape family. */
export type ShapeFamily = (c: ShapeContext) => Shape;

/** `if` in v1 modules and v0 modules importing `future.keywords` alike. */
export function ruleIf(head: string, body: readonly string[]): string[] {
  if (body.length === 0) return [head];
  return [`${head} if {`, ...body.map((b) => `  ${b}`), '}'];
}

/** A Rego string literal for `s`. */
export function quote(s: string): string {
  return JSON.stringify(s);
}

/** `n` distinct items of `items`, in their order. */
export function subset<T>(random: RandomSource, items: readonly T[], n: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(random.below(pool.length), 1)[0] as T);
  return out;
}
