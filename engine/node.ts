/**
 * @module @gatehousejs/engine/node
 * The embedded engine on a server runtime with a file system: the decision service over a policy
 * directory (`createEmbeddedDecisionService`, optionally watching it), the manifest file loader,
 * the policy test runner, and the blocking transport behind `http.send` and `net.lookup_ip_addr`.
 */
export type { BlockingTransport, BlockingTransportOptions } from './blocking-transport.ts';
export { createBlockingTransport } from './blocking-transport.ts';
export type { EmbeddedDecisionService } from './decision-engine.ts';
export { createEmbeddedDecisionService } from './embedded-decision-service.ts';
export type {
  EmbeddedDecisionServiceConfig,
  EmbeddedDecisionServiceOptions,
  ReloadEvent,
} from './embedded-service-options.ts';
export { embeddedDecisionServiceSchema } from './embedded-service-options.ts';
export { loadManifestFile } from './manifest-file.ts';
export type { PolicyTestOptions, PolicyTestReport, PolicyTestResult } from './policy-tests.ts';
export { policyTestOptionsSchema, runPolicyTests } from './policy-tests.ts';
