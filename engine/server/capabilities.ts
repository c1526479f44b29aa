/**
 * What the Topaz-compatible server needs from a decision engine beyond core's `DecisionService`
 * and `RelationDirectory` ports. Each capability is optional: without it the RPCs that need it
 * answer `Unimplemented`.
 *
 * Error contract for every capability (and for the two core ports): throw an error with a string
 * `code` — `invalid_request` (or the directory's `manifest_invalid`, `invalid_object`,
 * `invalid_relation`, `invalid_query`) for a bad request (Topaz answers InvalidArgument),
 * `not_found` for a missing object (NotFound), `store_unavailable` when the store cannot serve
 * (Unavailable) — or a `DecisionServiceError`; anything else is reported as Topaz's unknown
 * error (Internal).
 */
import type { Identity } from '../../core/index.ts';

/** One loaded Rego module, as Topaz's `ListPolicies` reports it. */
export interface PolicyModule {
  /** Module id, e.g. the policy file's path relative to the policy root. */
  readonly id: string;
  /** Package path without the `data.` prefix, e.g. `webapp.GET.api.documents.__id`. */
  readonly packagePath: string;
  /** Names of the rules the module defines (the decisions `DecisionTree` can report). */
  readonly ruleNames: readonly string[];
  /** The module's source text. */
  readonly raw: string;
  /** The module's syntax tree as JSON, if the engine can produce one (Topaz sends OPA's AST). */
  readonly ast?: unknown;
}

/** Lists the loaded policy modules (`ListPolicies`, `GetPolicy`, and `DecisionTree`'s package scan). */
export interface PolicyCatalog {
  listPolicies(): Promise<readonly PolicyModule[]>;
}

/** One solution of a Rego query, in OPA's result-set shape. */
export interface RegoQueryResult {
  readonly expressions: readonly {
    readonly value: unknown;
    readonly text: string;
    readonly location: { readonly row: number; readonly col: number };
  }[];
  readonly bindings: Readonly<Record<string, unknown>>;
}

/** An ad-hoc Rego query (`Query`). */
export interface RegoQuery {
  /** Rego query text, e.g. `x = data.webapp.GET.api.documents.allowed`. */
  readonly query: string;
  /**
   * `input` without `input.identity`: the request's `input` JSON with `policy` and `resource`
   * set from the request's contexts, as Topaz builds it.
   */
  readonly input: Readonly<Record<string, unknown>>;
  /** The caller, to be exposed as `input.identity` exactly as the engine's `decide` exposes it. */
  readonly identity: Identity;
  readonly signal?: AbortSignal;
}

/** Evaluates arbitrary Rego queries. A query that does not parse is an `invalid_request`. */
export interface RegoQueryEvaluator {
  query(query: RegoQuery): Promise<readonly RegoQueryResult[]>;
}

/** The directory manifest as stored. */
export interface StoredManifest {
  /** The manifest's YAML text. */
  readonly body: string;
  readonly etag: string;
  readonly updatedAt: Date;
}

/** Holds the directory manifest (the model service). An invalid manifest is an `invalid_request`. */
export interface ManifestStore {
  getManifest(): Promise<StoredManifest | undefined>;
  setManifest(body: string): Promise<void>;
  deleteManifest(): Promise<void>;
}
