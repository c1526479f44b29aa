/**
 * Options of `createEmbeddedDecisionService`, as a zod schema holding the defaults.
 */
import { z } from 'zod';
import { type Clock, consolaLogger, type Logger } from '../core/index.ts';
import type { RelationStore } from './directory/index.ts';
import { EngineError } from './engine-error.ts';
import { optionProblems } from './option-problems.ts';
import type { JsonValue } from './rego/index.ts';

/** What `onReload` receives after every reload attempt (explicit or from the watcher). */
export type ReloadEvent =
  | { readonly ok: true; readonly packages: readonly string[] }
  | { readonly ok: false; readonly error: Error };

const isFunction = (v: unknown) => typeof v === 'function';

const relationStore = z.custom<RelationStore>(
  (v) =>
    typeof v === 'object' &&
    v !== null &&
    typeof (v as RelationStore).checkNow === 'function' &&
    typeof (v as RelationStore).reader === 'object',
  { message: 'must be a relation store (createMemoryRelationStore or createPostgresRelationStore)' },
);

/** Options of `createEmbeddedDecisionService`. */
export const embeddedDecisionServiceSchema = z.object({
  /** Directory holding the policies: every `*.rego` below it; `*_test.rego` files only for tests. */
  policiesDir: z.string().min(1),
  /** The relation store `ds.*` built-ins read; its manifest is the directory model. Not closed by the service. */
  store: relationStore,
  /** Reload when a policy file changes (default false). */
  watch: z.boolean().default(false),
  /** Quiet time after the last file event before a reload, in ms (default 100). */
  watchDebounceMs: z.int().min(0).max(60_000).default(100),
  /** Per-evaluation guard rails: a decision exceeding them fails with `evaluation_failed`. */
  limits: z
    .object({
      /** Evaluation steps per decision (default 1,000,000). */
      maxSteps: z.int().positive().default(1_000_000),
      /** Wall time per decision in ms (default 1,000). */
      maxMillis: z.number().positive().default(1_000),
    })
    .prefault({}),
  /** The base document under `data` (default `{}`). */
  data: z.custom<JsonValue>(() => true).default({}),
  /** Syntax of modules that do not say otherwise (default `v0`, as Topaz; `import rego.v1` is honoured). */
  regoVersion: z.enum(['v0', 'v1']).default('v0'),
  /** Raise built-in errors as `evaluation_failed` instead of making the expression undefined (default false, as OPA). */
  strictBuiltinErrors: z.boolean().default(false),
  /** Called after every reload attempt. */
  onReload: z.custom<(event: ReloadEvent) => void>(isFunction, { message: 'must be a function' }).optional(),
  /** Where failed reloads are reported (default: consola). */
  logger: z
    .custom<Logger>((v) => typeof (v as Logger | undefined)?.warn === 'function', {
      message: 'must have warn()',
    })
    .default(consolaLogger),
  /** The time `time.now_ns()` reads (default: the system time at each evaluation). */
  clock: z.custom<Clock>((v) => typeof (v as Clock | undefined)?.now === 'function').optional(),
});

/** Options of `createEmbeddedDecisionService` as callers write them. */
export type EmbeddedDecisionServiceOptions = z.input<typeof embeddedDecisionServiceSchema>;
/** Resolved options of `createEmbeddedDecisionService`. */
export type EmbeddedDecisionServiceConfig = z.output<typeof embeddedDecisionServiceSchema>;

/** Parses options with `schema`, turning zod's issues into one `invalid_options` error naming each field. */
export function parseEngineOptions<S extends z.ZodType>(
  schema: S,
  options: unknown,
  what: string,
): z.output<S> {
  const result = schema.safeParse(options);
  if (result.success) return result.data;
  throw new EngineError('invalid_options', `invalid ${what} options: ${optionProblems(result.error)}`, {
    cause: result.error,
  });
}
