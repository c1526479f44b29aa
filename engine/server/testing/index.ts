/**
 * @module engine/server/testing
 * Test support for the Topaz-compatible server, shared by the server's and the Topaz adapter's
 * tests: in-memory doubles of its ports and capabilities, and a server on free loopback ports.
 */

export type { HttpsAnswer } from './https-json.ts';
export { httpsJson } from './https-json.ts';
export {
  DecisionQueryEvaluator,
  MemoryManifestStore,
  MemoryPolicyCatalog,
} from './memory-capabilities.ts';
export type { PermissionUnions } from './memory-relation-directory.ts';
export { MemoryRelationDirectory } from './memory-relation-directory.ts';
export { connectRejection } from './rejection.ts';
export type { TestTopazServer } from './test-server.ts';
export { startTestTopazServer } from './test-server.ts';
