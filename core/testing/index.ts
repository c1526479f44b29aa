/**
 * @module @gatehousejs/core/testing
 * Test support for adapters and decision services, ours and third parties': the contract suites
 * (Vitest) every framework adapter and every decision service runs — `runAdapterContract` with
 * the applications an adapter builds, `runDecisionServiceContract` with a service loaded with the
 * shared fixture, `runRelationGraphContract` with a relation graph — and the doubles they use: the in-memory decision service, a manual clock, and
 * a harness that records audit records and log messages. Needs `vitest` (an optional peer).
 */

export type { AdapterContractOptions } from './adapter-contract.ts';
export { runAdapterContract } from './adapter-contract.ts';
export type { ContractApp, ContractResponse, ContractSetup } from './adapter-contract-app.ts';
export { CONTRACT_EXCLUDE_PATHS, contractBody } from './adapter-contract-app.ts';
export type { ContractDecisions } from './adapter-contract-decisions.ts';
export {
  CONTRACT_DOCUMENTS,
  CONTRACT_RULES,
  startInMemoryContractDecisions,
} from './adapter-contract-decisions.ts';
export { contractRules } from './contract-rules.ts';
export type { ContractSubject } from './decision-service.contract.ts';
export { runDecisionServiceContract } from './decision-service.contract.ts';
export type { DecisionServiceFixture } from './decision-service.fixture.ts';
export { CONTRACT_POLICY_ROOT, decisionServiceFixture } from './decision-service.fixture.ts';
export type { Harness, TestRequest } from './harness.ts';
export { alice, bob, createHarness, nobody, recordingLogger } from './harness.ts';
export type { DecisionRule, InMemoryDecisionServiceOptions } from './in-memory-decision-service.ts';
export { InMemoryDecisionService } from './in-memory-decision-service.ts';
export { ManualClock } from './manual-clock.ts';
export type {
  RelationGraphContractOptions,
  RelationGraphFixture,
  RelationGraphSubject,
} from './relation-graph.contract.ts';
export { relationGraphFixture, runRelationGraphContract } from './relation-graph.contract.ts';
