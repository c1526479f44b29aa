import { contractRules } from './contract-rules.ts';
import { runDecisionServiceContract } from './decision-service.contract.ts';
import { InMemoryDecisionService } from './in-memory-decision-service.ts';

runDecisionServiceContract('in-memory double', async (fixture) => ({
  service: new InMemoryDecisionService({ rules: contractRules(fixture) }),
}));

runDecisionServiceContract('in-memory double with decideBatch', async (fixture) => ({
  service: new InMemoryDecisionService({ rules: contractRules(fixture), batch: true }),
}));
