import { afterEach, describe, expect, it } from 'vitest';
import { CLOUD } from '../emulator/index.ts';
import { EXIT_CODES } from '../exit-codes.ts';
import { type Scenario, startScenario } from '../testing/index.ts';
import { runWikiApiContract } from './wiki-api.contract.ts';

runWikiApiContract({
  name: 'Confluence Cloud (REST v2) with an API token',
  emulator: CLOUD,
  credentials: 'basic',
  expectedApi: 'v2',
});

runWikiApiContract({
  name: 'Confluence Cloud (REST v2) with OAuth, where v1 content answers 410 Gone',
  emulator: CLOUD,
  credentials: 'bearer',
  expectedApi: 'v2',
});

describe('Confluence Cloud with OAuth and api_version v1', () => {
  let scenario: Scenario | undefined;
  afterEach(async () => {
    await scenario?.close();
    scenario = undefined;
  });

  it('stops at configuration, naming the 410 and the setting to change', async () => {
    scenario = await startScenario({ emulator: CLOUD, credentials: 'bearer' });
    const report = await scenario.publish({ apiVersion: 'v1' });
    expect(report.exitCode).toBe(EXIT_CODES.configuration);
    expect(report.error?.message).toMatch(/410 Gone.*api_version to auto or v2/);
    expect(scenario.emulator.requests.some((request) => request.status === 410)).toBe(true);
    expect(scenario.emulator.writes()).toEqual([]);
  });
});
