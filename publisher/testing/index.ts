/**
 * @module publisher/testing
 * Test and benchmark support for the publisher: a capturing logger, generated sites, and
 * publishing scenarios against the emulated wiki with private copies of the fixture sites.
 */

export type { CapturedLogger } from './capture-logger.ts';
export { captureLogger } from './capture-logger.ts';
export { generatedPage, generatedPagePath, writeGeneratedSite } from './generated-site.ts';
export type { Scenario, ScenarioOptions } from './publish-scenario.ts';
export { SCENARIO_BEARER_TOKEN, SCENARIO_USER, startScenario } from './publish-scenario.ts';
export type { SnapshotPage } from './wiki-snapshot.ts';
export { wikiSnapshot } from './wiki-snapshot.ts';
