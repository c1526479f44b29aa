/**
 * `createTopazDecisionService`: core's `DecisionService` port over Topaz's authorizer gRPC API —
 * `Is` for a query, one `Query` per identity and policy path for a batch (see batch-query.ts),
 * and Topaz's `DecisionTree` for every package under a path at once.
 */
import {
  Authorizer,
  PathSeparator,
} from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/authorizer_pb.js';
import {
  type DecideOptions,
  type DecisionQuery,
  type DecisionService,
  DecisionServiceError,
  type Decisions,
  type Identity,
  type ResourceContext,
} from '@gatehousejs/core';
import { identityContextOf, isRequestOf, type PolicyInstance, structOf } from './authorizer-messages.ts';
import { batchAnswers, batchQueryRequest, planBatch, QUERY_RESOURCES } from './batch-query.ts';
import type { CallKind } from './connection-pool.ts';
import { loadedPackages } from './loaded-packages.ts';
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

  const ask = (query: DecisionQuery, callOptions?: DecideOptions): Promise<Decisions> =>
    calls.run(
      `Is ${query.policyPath}`,
      async (channel, grpcOptions) => {
        const response = await channel.clients.authorizer.is(isRequestOf(query, instance), grpcOptions);
        const outcomes = new Map(response.decisions.map((d) => [d.decision, d.is]));
        return Object.fromEntries(query.decisions.map((name) => [name, outcomes.get(name) === true]));
      },
      callOptions?.signal,
    );

  const listPolicyPackages = (callOptions?: DecideOptions) =>
    calls.run(
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
  const packages = loadedPackages(() => listPolicyPackages());

  const decide = async (query: DecisionQuery, callOptions?: DecideOptions): Promise<Decisions> => {
    try {
      return await ask(query, callOptions);
    } catch (error) {
      const undefinedRule =
        error instanceof DecisionServiceError &&
        error.code === 'policy_not_found' &&
        (await packages.has(query.policyPath));
      if (!undefinedRule) throw error;
      // The package is loaded but leaves a decision undefined: that one is false.
      if (query.decisions.length === 1) return { [query.decisions[0] as string]: false };
      const parts = await Promise.all(
        query.decisions.map((decision) => decide({ ...query, decisions: [decision] }, callOptions)),
      );
      return Object.assign({}, ...parts) as Decisions;
    }
  };

  /** The decisions of a batch in one `Query` per identity and policy path. */
  const decideInOneQuery = async (
    queries: readonly DecisionQuery[],
    callOptions: DecideOptions | undefined,
    kind: CallKind,
  ): Promise<Decisions[]> => {
    const plan = planBatch(queries);
    const answers = await Promise.all(
      plan.groups.map(async (group, g) => {
        const response = await calls.run(
          `Query ${group.policyPath} (${group.resourceContexts.length} resources)`,
          (channel, grpcOptions) =>
            channel.clients.authorizer.query(batchQueryRequest(group, instance), grpcOptions),
          callOptions?.signal,
          kind,
        );
        const found = batchAnswers(group, response.response);
        if (found) return found;
        // Nothing defined for any resource: `Is` names the problem (an unknown path, say).
        const first = queries[plan.slots.findIndex((slot) => slot.group === g)];
        if (first) await decide(first, callOptions);
        return group.resourceContexts.map(() => ({}) as Decisions);
      }),
    );
    return queries.map((query, index) => {
      const slot = plan.slots[index];
      const answer = slot ? answers[slot.group]?.[slot.position] : undefined;
      return Object.fromEntries(query.decisions.map((name) => [name, answer?.[name] === true]));
    });
  };

  return {
    decide,

    async decideBatch(queries, callOptions) {
      // One call at a time, each of at most QUERY_RESOURCES: a call's time is its own slice's.
      // A batch of several slices (a list) is bulk: single decisions go before it (CallKind).
      const kind: CallKind = queries.length > QUERY_RESOURCES ? 'bulk' : 'single';
      const answers: Decisions[] = [];
      for (let start = 0; start < queries.length; start += QUERY_RESOURCES) {
        const slice = queries.slice(start, start + QUERY_RESOURCES);
        answers.push(...(await decideInOneQuery(slice, callOptions, kind)));
      }
      return answers;
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

    listPolicyPackages,

    close: () => calls.close(),
  };
}
