/**
 * @module gatehouse/core/testing
 * Test support for the core and its adapters (not part of the published surface): the in-memory
 * decision service, a manual clock, and a harness that records audit records and log messages.
 */
export { contractRules } from './contract-rules.ts';
export type { Harness, TestRequest } from './harness.ts';
export { alice, bob, createHarness, nobody, recordingLogger } from './harness.ts';
export type { DecisionRule, InMemoryDecisionServiceOptions } from './in-memory-decision-service.ts';
export { InMemoryDecisionService } from './in-memory-decision-service.ts';
export { ManualClock } from './manual-clock.ts';
