/**
 * The ports' contract suites through the Topaz adapter on a real Topaz: the decision service
 * (Is, the Query batch path, DecisionTree) and the relation graph (GetGraph).
 */
import { runDecisionServiceContract, runRelationGraphContract } from '@gatehousejs/core/testing';
import { startTestTopaz } from '../support/topaz.ts';

runDecisionServiceContract('Topaz adapter on topazd', async (fixture) => {
  // Topaz resolves a caller through `user:<id>#identifier@identity:<sub>` before any policy runs.
  const manifest = fixture.manifest.replace(
    '  user: {}',
    '  identity: {}\n  user:\n    relations:\n      identifier: identity',
  );
  const users = fixture.objects.filter((o) => o.type === 'user');
  const topaz = await startTestTopaz({ policies: fixture.policies, manifest });
  await topaz.load(
    [...fixture.objects, ...users.map((u) => ({ type: 'identity', id: u.id }))],
    [
      ...fixture.relations,
      ...users.map((u) => ({
        objectType: 'user',
        objectId: u.id,
        relation: 'identifier',
        subjectType: 'identity',
        subjectId: u.id,
      })),
    ],
  );
  return { service: topaz.decisionService({ policyInstanceName: 'contract' }), close: () => topaz.stop() };
});

runRelationGraphContract(
  'Topaz adapter on topazd (GetGraph)',
  async (fixture) => {
    const topaz = await startTestTopaz({ manifest: fixture.manifest });
    await topaz.load(fixture.objects, fixture.relations);
    return { graph: topaz.directory(), close: () => topaz.stop() };
  },
  { paths: 'granting' },
);
