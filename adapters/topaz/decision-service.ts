/**
 * `createTopazDecisionService`: core's `DecisionService` port over Topaz's authorizer gRPC API —
 * `Is` for a query, parallel `Is` calls (identical queries merged) for a batch, and Topaz's
 * `DecisionTree` for every package under a path at once.
 */
import {
  Authorizer,
  PathSeparator,
} from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/authorizer_pb.js';
import type {
  DecideOptions,
  DecisionQuery,
  DecisionService,
  Decisions,
  Identity,
  ResourceContext,
} from '@gatehousejs/core';
import { canonicalJson } from '@gatehousejs/core/adapter';
import { identityContextOf, isRequestOf, type PolicyInstance, structOf } from './authorizer-messages.ts';
import { dottedPackagePath } from './policy-packages.ts';
import { createPooledCalls } from './pooled-calls.ts';
import { openChannel, type TopazChannel } from './topaz-channel.ts';
import {
  parseTopazOptions,
  type TopazDecisionServiceOptions,
  TopazDecisionServiceOptionsSchema,
} from './topaz-options.ts';

/** A decision-tree question: `decisions` of every package whose path starts with `policyPath`. */
export interface DecisionTreeQuery {
  readonly identity: Identity;
  /** Path prefix, e.g. `webapp.GET.api`. */
  readonly policyPath: string;
  /** Decision names, or `['*']` for every rule (Topaz then reports no decisions). */
  readonly decisions: readonly string[];
  readonly resourceContext: ResourceContext;
}

/** The Topaz decision service: the port, with batch and decision-tree calls and `close`. */
export interface TopazDecisionService extends DecisionService {
  decideBatch(queries: readonly DecisionQuery[], options?: DecideOptions): Promise<Decisions[]>;
  /** Decisions per package path (dot-separated) for every package under `policyPath`. */
  decisionTree(query: DecisionTreeQuery, options?: DecideOptions): Promise<Record<string, Decisions>>;
  /**
   * The packages of the policies Topaz has loaded (`ListPolicies`), dotted without `data.`,
   * sorted and each once — what start-up validation compares the routes with.
   */
  listPolicyPackages(options?: DecideOptions): Promise<string[]>;
  /** Closes the pooled connections (an owned pool; a shared pool keeps its other users). */
  close(): Promise<void>;
}

type AuthorizerChannel = TopazChannel<{ authorizer: typeof Authorizer }>;

/**
 * Creates the Topaz decision service. Connections open on first use; every call has the
 * `timeoutMs` deadline. Transport failures reject with a transient `DecisionServiceError`
 * (`service_unavailable`, `deadline_exceeded`); an unknown policy (`policy_not_found`) or a
 * request Topaz rejects (`invalid_request`) is not transient.
 *
 * @param options - see {@link TopazDecisionServiceOptionsSchema}; `timeoutMs` defaults to 1,000,
 *   `pool` to `{ minConnections: 1, maxConnections: 10 }`, `insecure` to false
 * @throws {AuthzConfigError} naming the field when an option is invalid or `caFile` is unreadable
 * @example
 * const topaz = createTopazDecisionService({
 *   url: 'localhost:8282', caFile: '/certs/topaz-ca.crt', policyInstanceName: 'webapp',
 * });
 * const { allowed } = await topaz.decide({
 *   identity: { type: 'IDENTITY_TYPE_SUB', value: 'alice' },
 *   policyPath: 'webapp.GET.api.documents', decisions: ['allowed'], resourceContext: {},
 * });
 */
export function createTopazDecisionService(options: TopazDecisionServiceOptions): TopazDecisionService {
  const config = parseTopazOptions(TopazDecisionServiceOptionsSchema, options);
  const instance: PolicyInstance = {
    name: config.policyInstanceName,
    instanceLabel: config.policyInstanceLabel ?? config.policyInstanceName,
  };
  const calls = createPooledCalls<AuthorizerChannel>({
    pool: config.pool,
    timeoutMs: config.timeoutMs,
    open: () => openChannel(config, { authorizer: Authorizer }),
    closeChannel: (channel) => channel.close(),
  });

  const decide = (query: DecisionQuery, callOptions?: DecideOptions): Promise<Decisions> =>
    calls.run(
      `Is ${query.policyPath}`,
      async (channel, grpcOptions) => {
        const response = await channel.clients.authorizer.is(isRequestOf(query, instance), grpcOptions);
        const outcomes = new Map(response.decisions.map((d) => [d.decision, d.is]));
        return Object.fromEntries(query.decisions.map((name) => [name, outcomes.get(name) === true]));
      },
      callOptions?.signal,
    );

  return {
    decide,

    async decideBatch(queries, callOptions) {
      // Queries that differ only in their decisions become one `Is` call.
      const groups = new Map<string, { query: DecisionQuery; decisions: Set<string> }>();
      const keys = queries.map((query) => {
        const key = canonicalJson([
          query.identity.type,
          query.identity.value ?? null,
          query.policyPath,
          query.resourceContext,
        ]);
        const group = groups.get(key) ?? { query, decisions: new Set<string>() };
        for (const decision of query.decisions) group.decisions.add(decision);
        groups.set(key, group);
        return key;
      });
      const answers = new Map<string, Decisions>();
      await Promise.all(
        [...groups].map(async ([key, { query, decisions }]) => {
          answers.set(key, await decide({ ...query, decisions: [...decisions] }, callOptions));
        }),
      );
      return queries.map((query, index) => {
        const answer = answers.get(keys[index] ?? '') ?? {};
        return Object.fromEntries(query.decisions.map((name) => [name, answer[name] === true]));
      });
    },

    decisionTree(query, callOptions) {
      return calls.run(
        `DecisionTree ${query.policyPath}`,
        async (channel, grpcOptions) => {
          const response = await channel.clients.authorizer.decisionTree(
            {
              identityContext: identityContextOf(query.identity),
              policyContext: { path: query.policyPath, decisions: [...query.decisions] },
              resourceContext: structOf(query.resourceContext),
              options: { pathSeparator: PathSeparator.DOT },
              policyInstance: instance,
            },
            grpcOptions,
          );
          const tree: Record<string, Decisions> = {};
          for (const [path, outcomes] of Object.entries(response.path ?? {})) {
            if (typeof outcomes !== 'object' || outcomes === null || Array.isArray(outcomes)) continue;
            tree[path] = Object.fromEntries(
              Object.entries(outcomes).map(([name, value]) => [name, value === true]),
            );
          }
          return tree;
        },
        callOptions?.signal,
      );
    },

    listPolicyPackages(callOptions) {
      return calls.run(
        'ListPolicies',
        async (channel, grpcOptions) => {
          const response = await channel.clients.authorizer.listPolicies(
            { fieldMask: { paths: ['package_path'] }, policyInstance: instance },
            grpcOptions,
          );
          const packages = new Set<string>();
          for (const module of response.result) {
            if (module.packagePath) packages.add(dottedPackagePath(module.packagePath));
          }
          return [...packages].sort();
        },
        callOptions?.signal,
      );
    },

    close: () => calls.close(),
  };
}
