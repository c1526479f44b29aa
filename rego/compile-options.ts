/**
 * Options of the engine: what `compilePolicies` takes once (a zod schema holding the
 * defaults) and what each evaluation may override.
 */
import { z } from 'zod';
import type { BuiltinRegistry } from './builtin.ts';
import { DEFAULT_OPA_VERSION, OPA_VERSIONS } from './opa-version.ts';
import type { Module, RegoVersion } from './syntax/index.ts';

const limitsSchema = z
  .object({
    /** Maximum iterations, rule and function evaluations per evaluation (default 5,000,000). */
    maxSteps: z.number().int().positive().default(5_000_000),
    /** Maximum wall time per evaluation in milliseconds (default 2,000). */
    maxMillis: z.number().positive().default(2_000),
  })
  .prefault({});

/** Options of `compilePolicies`. */
export const compileOptionsSchema = z
  .object({
    /** Built-in functions available to policies (default: none; pass `standardBuiltins`). */
    builtins: z.custom<BuiltinRegistry>((v) => v instanceof Map).default(() => new Map()),
    /** Base documents under `data` (JSON). */
    data: z.unknown().default({}),
    /** Syntax of modules that do not say otherwise (default `v0`, as OPA 0.x and Topaz). */
    version: z.enum(['v0', 'v1']).default('v0'),
    /**
     * The OPA release whose syntax and evaluation the policies get (default `v1.15.2`, the OPA of
     * Topaz 0.33.16). Pass built-ins of the same release (`createStandardBuiltins({ opaVersion })`).
     */
    opaVersion: z.enum(OPA_VERSIONS).default(DEFAULT_OPA_VERSION),
    /** Default evaluation limits. */
    limits: limitsSchema,
  })
  .prefault({});

/** Options of `compilePolicies` as callers write them. */
export type CompileOptions = z.input<typeof compileOptionsSchema>;
/** Resolved options of `compilePolicies`. */
export type CompileConfig = z.output<typeof compileOptionsSchema>;

/** A module to compile. */
export interface PolicyModule {
  readonly file: string;
  readonly source: string;
  /** Syntax of this module (default: the compile option). */
  readonly version?: RegoVersion;
  /**
   * `source` already parsed (`parseModule(source, file, { version, opaVersion })` with this
   * compilation's settings), for a caller that reads the modules itself: not parsed again.
   */
  readonly parsed?: Module;
}

/** Options of one evaluation. */
export interface EvalOptions {
  /** Raise built-in errors instead of treating the expression as undefined (default false). */
  readonly strict?: boolean;
  /** `time.now_ns()` of this evaluation (default: the current time). */
  readonly nowNs?: bigint;
  /** Limits for this evaluation (default: the policy set's). */
  readonly limits?: { readonly maxSteps?: number; readonly maxMillis?: number };
  /** Receives `print(…)` output (default: discarded). */
  readonly print?: (message: string) => void;
  /** Millisecond clock for the time limit (default `performance.now`). */
  readonly clock?: () => number;
}

/** Options of {@link PolicySet.query}. */
export interface QueryOptions extends EvalOptions {
  /** The input document (JSON, or engine values such as sets). */
  readonly input?: unknown;
}
