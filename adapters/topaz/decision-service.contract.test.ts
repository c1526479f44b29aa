import { runDecisionServiceContract } from '../../core/ports/decision-service.contract.ts';
import { contractRules } from '../../core/testing/contract-rules.ts';
import { InMemoryDecisionService } from '../../core/testing/in-memory-decision-service.ts';
import { MemoryRelationDirectory, startTestTopazServer } from '../../engine/server/testing/index.ts';
import { createTopazDecisionService } from './index.ts';

// The adapter talks gRPC (TLS, loopback) to the Topaz-compatible server, which serves the
// contract fixture through the in-memory double evaluating the fixture's rules.
runDecisionServiceContract('Topaz adapter over gRPC to the Topaz-compatible server', async (fixture) => {
  const topaz = await startTestTopazServer({
    decisionService: new InMemoryDecisionService({ rules: contractRules(fixture) }),
    relationDirectory: new MemoryRelationDirectory(),
  });
  const service = createTopazDecisionService({
    url: topaz.server.authorizerUrl,
    caFile: topaz.caFile,
    policyInstanceName: 'contract',
    timeoutMs: 10_000,
  });
  return {
    service,
    close: async () => {
      await service.close();
      await topaz.close();
    },
  };
});
