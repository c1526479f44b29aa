/**
 * Compiling generated policies with the embedded engine before they are written, so that
 * `generate-policies` never writes a policy set the engine (or Topaz) would refuse — for
 * example when a route's policy path collides with another route's `allowed` rule.
 */
import {
  compilePolicies,
  createDirectoryBuiltins,
  createMemoryRelationStore,
  parseManifest,
  standardBuiltins,
} from '@gatehousejs/engine';

/**
 * Parses and compiles `policies` together, with the standard and directory (`ds.*`) built-ins.
 *
 * @param policies Rego text by policy path; each is named `<policy path>.rego` in errors
 * @throws {RegoError} naming file, line and column
 * @example
 * await verifyPolicies(generatePolicies(app, config));
 */
export async function verifyPolicies(policies: Readonly<Record<string, string>>): Promise<void> {
  const store = createMemoryRelationStore({ manifest: parseManifest('model:\n  version: 3\n', '(none)') });
  try {
    const directory = createDirectoryBuiltins(store).map((b) => [b.name, b] as const);
    compilePolicies(
      Object.entries(policies).map(([policyPath, source]) => ({ file: `${policyPath}.rego`, source })),
      { builtins: new Map([...standardBuiltins, ...directory]) },
    );
  } finally {
    await store.close();
  }
}
