/**
 * What the embedded engine offers beyond core's `DecisionService` port: the loaded policy modules
 * (for `authz-tool` and start-up checks) and ad-hoc Rego queries (`authz-tool eval`).
 */
import type { Identity } from '@gatehousejs/core';

/** One loaded Rego module. */
export interface PolicyModule {
  /** Module id, e.g. the policy file's path relative to the policy root. */
  readonly id: string;
  /** Package path without the `data.` prefix, e.g. `webapp.GET.api.documents.__id`. */
  readonly packagePath: string;
  /** Names of the rules the module defines. */
  readonly ruleNames: readonly string[];
  /** The module's source text. */
  readonly raw: string;
  /** The module's syntax tree as JSON, if the engine can produce one. */
  readonly ast?: unknown;
}

/** Lists the loaded policy modules. */
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

/** An ad-hoc Rego query. */
export interface RegoQuery {
  /** Rego query text, e.g. `x = data.webapp.GET.api.documents.allowed`. */
  readonly query: string;
  /** `input` without `input.identity` (e.g. `policy` and `resource`). */
  readonly input: Readonly<Record<string, unknown>>;
  /** The caller, exposed as `input.identity` exactly as the engine's `decide` exposes it. */
  readonly identity: Identity;
  readonly signal?: AbortSignal;
}

/** Evaluates arbitrary Rego queries. A query that does not parse is an `invalid_request`. */
export interface RegoQueryEvaluator {
  query(query: RegoQuery): Promise<readonly RegoQueryResult[]>;
}
