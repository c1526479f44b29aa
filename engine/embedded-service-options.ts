/**
 * Options of `createEmbeddedDecisionService` and `createInlineDecisionService`, as zod schemas
 * holding the defaults.
 */

import { type Clock, consoleLogger, type Logger } from '@gatehousejs/core';
import type { RelationStore } from '@gatehousejs/directory';
import { DEFAULT_OPA_VERSION, type JsonValue, OPA_VERSIONS } from '@gatehousejs/rego';
import { z } from 'zod';
import { EngineError } from './engine-error.ts';
import { optionProblems } from './option-problems.ts';

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

const isPromiseLike = (v: unknown) => typeof (v as PromiseLike<unknown> | undefined)?.then === 'function';

/** A relation store, or a promise of one (the embedded service compiles its policies meanwhile). */
const loadingRelationStore = z.custom<RelationStore | PromiseLike<RelationStore>>(
  (v) => isPromiseLike(v) || relationStore.safeParse(v).success,
  {
    message:
      'must be a relation store (createMemoryRelationStore or createPostgresRelationStore) or a promise of one',
  },
);

/** Checks what a store promise resolved to, as the `store` option. */
export const loadedStoreSchema = z.object({ store: relationStore });

/** What every embedded decision service takes, wherever its policies come from. */
const engineSettingsShape = {
  /** The relation store `ds.*` built-ins read; its manifest is the directory model. Not closed by the service. */
  store: relationStore,
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
  /**
   * The OPA release whose language and built-ins the policies get: `v1.15.2` (default, the OPA
   * Topaz 0.33.16 embeds) or `v1.22.2` (adds `uri.parse`, `uri.is_valid`, `strings.split_n`,
   * stricter `semver.*`, `d`/`w`/`y` durations and the other changes of OPA up to v1.22.2).
   */
  opaVersion: z.enum(OPA_VERSIONS).default(DEFAULT_OPA_VERSION),
  /**
   * The shape of `input` (default `gatehouse`: `input.identity = { type, value }`). `topaz` builds it
   * as Topaz 0.33.16 does — no `input.identity` for anonymous calls; `{ type, identity }` and
   * `input.user` for signed-in ones, the user found through the directory's
   * `user:<id>#identifier@identity:<sub>` — and fails a decision (`invalid_request`) for a subject
   * no user has as identifier, so that the engine decides exactly as Topaz.
   */
  input: z.enum(['gatehouse', 'topaz']).default('gatehouse'),
  /**
   * Offer `decideSet` (set rules in one evaluation; core's list filtering then asks them instead of
   * deciding item by item). Default false. A set rule over the directory reads its graph search
   * (`ds.graph`): in memory it checks the objects the subject reaches (its cost grows with them,
   * not with the page), but every object of the type for a model whose arrows pass through subject
   * sets, and a store loaded on demand asks PostgreSQL for each search.
   */
  setDecisions: z.boolean().default(false),
  /** Raise built-in errors as `evaluation_failed` instead of making the expression undefined (default false, as OPA). */
  strictBuiltinErrors: z.boolean().default(false),
  /** Where failed reloads are reported (default: `console`). */
  logger: z
    .custom<Logger>((v) => typeof (v as Logger | undefined)?.warn === 'function', {
      message: 'must have warn()',
    })
    .default(consoleLogger),
  /** The time `time.now_ns()` reads (default: the system time at each evaluation). */
  clock: z.custom<Clock>((v) => typeof (v as Clock | undefined)?.now === 'function').optional(),
};

/** Options of `createEmbeddedDecisionService` (policies read from a directory). */
export const embeddedDecisionServiceSchema = z.object({
  /** Directory holding the policies: every `*.rego` below it; `*_test.rego` files only for tests. */
  policiesDir: z.string().min(1),
  /** Reload when a policy file changes (default false). */
  watch: z.boolean().default(false),
  /** Quiet time after the last file event before a reload, in ms (default 100). */
  watchDebounceMs: z.int().min(0).max(60_000).default(100),
  /** Called after every reload attempt. */
  onReload: z.custom<(event: ReloadEvent) => void>(isFunction, { message: 'must be a function' }).optional(),
  /**
   * Built-ins that leave the process, off by default: `http.send` may reach only `httpSendHosts`
   * (`name` or `name:port`), `net.lookup_ip_addr` resolves names only with `lookupIpAddr`. A call
   * blocks the evaluation until answered (Node only).
   */
  outbound: z
    .object({
      /** Hosts `http.send` may reach (default none: `http.send` is off). */
      httpSendHosts: z.array(z.string().min(1)).default([]),
      /** Let `net.lookup_ip_addr` resolve names (default false). */
      lookupIpAddr: z.boolean().default(false),
    })
    .prefault({}),
  ...engineSettingsShape,
  /**
   * The relation store `ds.*` built-ins read, or a promise of it: the policies are read and
   * compiled while it loads (e.g. a PostgreSQL store whose database is still starting), and the
   * service is returned once it has. Not closed by the service.
   */
  store: loadingRelationStore,
});

/** Options of `createInlineDecisionService` (policies given as text). */
export const inlineDecisionServiceSchema = z.object({
  /** The policies: module name (used in messages, e.g. `webapp/documents.rego`) → Rego source. */
  policies: z
    .record(z.string().min(1), z.string())
    .refine((policies) => Object.keys(policies).length > 0, { message: 'must hold at least one policy' }),
  ...engineSettingsShape,
});

/** Resolved options every embedded decision service has. */
export type EngineSettings = z.output<z.ZodObject<typeof engineSettingsShape>>;

/** Options of `createEmbeddedDecisionService` as callers write them. */
export type EmbeddedDecisionServiceOptions = z.input<typeof embeddedDecisionServiceSchema>;
/** Resolved options of `createEmbeddedDecisionService`. */
export type EmbeddedDecisionServiceConfig = z.output<typeof embeddedDecisionServiceSchema>;
/** Options of `createInlineDecisionService` as callers write them. */
export type InlineDecisionServiceOptions = z.input<typeof inlineDecisionServiceSchema>;

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
