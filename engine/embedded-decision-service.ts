/**
 * The embedded decision service over a policy directory (read from the file system, optionally
 * watched and reloaded): the engine of `decision-engine.ts` fed by {@link LivePolicies}.
 */
import type { RelationStore } from '@gatehousejs/directory';
import { createBlockingTransport } from './blocking-transport.ts';
import { createEngine, type EmbeddedDecisionService } from './decision-engine.ts';
import {
  type EmbeddedDecisionServiceOptions,
  embeddedDecisionServiceSchema,
  parseEngineOptions,
} from './embedded-service-options.ts';
import { LivePolicies } from './live-policies.ts';
import { loadingStore } from './loading-store.ts';
import { onDemandPolicyLoadSettings } from './policy-load-settings.ts';

export type { EmbeddedDecisionService } from './decision-engine.ts';

/**
 * Loads and compiles every policy below `policiesDir` and returns the decision service. A
 * policy the engine cannot evaluate fails start-up with a `RegoError` naming file, line and
 * column; options are checked first (`EngineError` `invalid_options`).
 *
 * `decide` evaluates `data.<policyPath>.<decision>` with
 * `input = { identity: { type, value }, policy: { path, decisions }, resource }`; a decision is
 * `true` only when the rule's value is exactly `true`. A path no policy defines is
 * `policy_not_found`; an evaluation error (conflict, limits, strict built-in error) is
 * `evaluation_failed`; a malformed query is `invalid_request`.
 *
 * @param options.policiesDir every `*.rego` below it; `*_test.rego` only for `runPolicyTests`
 * @param options.store the relation store behind `ds.*` (memory or Postgres); its manifest is the model.
 *   A promise of one is awaited after the policies compiled (they compile while it loads)
 * @param options.watch reload on file change (default false); `watchDebounceMs` default 100
 * @param options.limits `maxSteps` (default 1,000,000) and `maxMillis` (default 1,000) per decision
 * @param options.data base document (default `{}`); `regoVersion` default `v0`
 * @param options.onReload called after every reload attempt; failures also go to `logger.warn`
 * @param options.outbound `{ httpSendHosts, lookupIpAddr }` turn `http.send` (listed hosts only) and
 *   `net.lookup_ip_addr` on (default off); a call blocks the evaluation in a worker thread
 * @param options.input `topaz` builds the policy input as Topaz 0.33.16 does (default `gatehouse`)
 * @example
 * const store = createMemoryRelationStore({ manifest: await loadManifestFile('policies/manifest.yaml') });
 * const service = await createEmbeddedDecisionService({ policiesDir: 'policies', store, watch: true });
 * const { allowed } = await service.decide({
 *   identity: { type: 'IDENTITY_TYPE_SUB', value: 'alice' },
 *   policyPath: 'webapp.GET.api.documents.__id',
 *   decisions: ['allowed'],
 *   resourceContext: { id: '1' },
 * });
 * await service.close();
 */
export async function createEmbeddedDecisionService(
  options: EmbeddedDecisionServiceOptions,
): Promise<EmbeddedDecisionService> {
  const config = parseEngineOptions(embeddedDecisionServiceSchema, options, 'embedded decision service');
  const { httpSendHosts, lookupIpAddr } = config.outbound;
  const transport =
    httpSendHosts.length > 0 || lookupIpAddr
      ? createBlockingTransport({ allowedHosts: httpSendHosts, lookupIpAddr })
      : undefined;
  const store = loadingStore(config.store);
  let policies: LivePolicies;
  try {
    policies = await LivePolicies.load(
      config.policiesDir,
      onDemandPolicyLoadSettings({ ...config, store: store.view }, transport?.calls),
      config,
    );
  } catch (error) {
    await transport?.close();
    throw error;
  }
  let loaded: RelationStore;
  try {
    loaded = await store.loaded;
  } catch (error) {
    await policies.close();
    await transport?.close();
    throw error;
  }
  if (config.watch) policies.watch(config.watchDebounceMs);
  return createEngine(
    { ...config, store: loaded },
    policies,
    transport ? () => transport.close() : undefined,
  );
}
