import { contractRules } from '../testing/contract-rules.ts';
import { InMemoryDecisionService } from '../testing/in-memory-decision-service.ts';
import { runDecisionServiceContract } from './decision-service.contract.ts';

runDecisionServiceContract('in-memory double', async (fixture) => ({
  service: new InMemoryDecisionService({ rules: contractRules(fixture) }),
}));

runDecisionServiceContract('in-memory double with decideBatch', async (fixture) => ({
  service: new InMemoryDecisionService({ rules: contractRules(fixture), batch: true }),
}));
