/**
 * The embedded decision service over policies given as text: nothing is read from a file system,
 * so it runs wherever JavaScript does (Node, Deno, Bun, Cloudflare Workers).
 */
import { createEngine, type EmbeddedDecisionService } from './decision-engine.ts';
import {
  type InlineDecisionServiceOptions,
  inlineDecisionServiceSchema,
  parseEngineOptions,
} from './embedded-service-options.ts';
import { compileLoadedPolicies } from './loaded-policies.ts';
import { policyLoadSettings } from './policy-load-settings.ts';

/**
 * Compiles `options.policies` and returns the decision service, which decides exactly as
 * `createEmbeddedDecisionService` does over the same files. A policy the engine cannot evaluate
 * throws a `RegoError` naming the module, line and column; options are checked first
 * (`EngineError` `invalid_options`). Text never changes, so `reload()` resolves at once.
 *
 * @param options.policies module name → Rego source (test modules have no place here)
 * @param options.store the relation store behind `ds.*`; its manifest is the model
 * @param options.limits `maxSteps` (default 1,000,000) and `maxMillis` (default 1,000) per decision
 * @param options.data base document (default `{}`); `regoVersion` default `v0`
 * @example
 * const store = createMemoryRelationStore({ manifest: parseManifest(manifestYaml, 'manifest.yaml') });
 * const service = createInlineDecisionService({
 *   policies: { 'documents.rego': 'package webapp.GET.documents\nallowed { input.identity.type == "IDENTITY_TYPE_SUB" }' },
 *   store,
 * });
 */
export function createInlineDecisionService(options: InlineDecisionServiceOptions): EmbeddedDecisionService {
  const config = parseEngineOptions(inlineDecisionServiceSchema, options, 'inline decision service');
  const sources = Object.entries(config.policies).map(([id, source]) => ({
    id,
    file: id,
    source,
    test: false,
  }));
  const current = compileLoadedPolicies(sources, policyLoadSettings(config));
  return createEngine(config, {
    current,
    origin: `policies ${Object.keys(config.policies).join(', ')}`,
    reload: async () => {},
    close: async () => {},
  });
}
