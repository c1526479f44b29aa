import { createMemoryRelationStore, parseManifest } from '@gatehousejs/directory';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmbeddedDecisionService, type EmbeddedDecisionService } from './embedded-decision-service.ts';
import { createTempPolicyDir, type TempPolicyDir } from './temp-policy-dir.ts';

// Payload {"sub":"alice"}; decoding does not check the signature.
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2ln';
const alice = { type: 'IDENTITY_TYPE_SUB' as const, value: 'alice' };
const plain = 'package app.docs\n\nallowed { input.identity.value == "alice" }\n';
const tokens = 'package app.tokens\n\nallowed { io.jwt.decode(input.resource.token)[1].sub == "alice" }\n';

// The embedded service loads the X.509, JWT and GraphQL built-ins only when its policies (or a
// query) may call them: whatever calls them must still decide as with every built-in loaded.
describe('built-in families loaded on demand by the embedded service', () => {
  let policies: TempPolicyDir;
  let service: EmbeddedDecisionService | undefined;
  const store = createMemoryRelationStore({ manifest: parseManifest('model:\n  version: 3\n') });
  const start = async (files: { file: string; source: string }[]) => {
    policies = await createTempPolicyDir(files);
    service = await createEmbeddedDecisionService({ policiesDir: policies.dir, store });
    return service;
  };
  const tokenAllowed = async (s: EmbeddedDecisionService) =>
    (
      await s.decide({
        identity: alice,
        policyPath: 'app.tokens',
        decisions: ['allowed'],
        resourceContext: { token: TOKEN },
      })
    ).allowed;

  afterEach(async () => {
    await service?.close();
    service = undefined;
    await policies.remove();
  });

  it('decides with a policy that calls a JWT built-in', async () => {
    const s = await start([{ file: 'tokens.rego', source: tokens }]);
    expect(await tokenAllowed(s)).toBe(true);
  });

  it('decides with a policy calling a JWT built-in that a reload added', async () => {
    const s = await start([{ file: 'docs.rego', source: plain }]);
    await policies.write('tokens.rego', tokens);
    await s.reload();
    expect(s.packages).toContain('app.tokens');
    expect(await tokenAllowed(s)).toBe(true);
  });

  it('answers queries calling GraphQL and X.509 built-ins that the policies never call', async () => {
    const s = await start([{ file: 'docs.rego', source: plain }]);
    const [graphql] = await s.query({
      query: 'x := graphql.is_valid("{ a }", "type Query { a: Int }")',
      input: {},
      identity: alice,
    });
    expect(graphql?.bindings.x).toBe(true);
    // Not a certificate: the built-in fails, so (not strict) its expression is undefined.
    const x509 = await s.query({
      query: 'not crypto.x509.parse_certificates("no")',
      input: {},
      identity: alice,
    });
    expect(x509).toHaveLength(1);
  });
});
