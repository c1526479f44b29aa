import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLOUD, DATA_CENTER } from '../emulator/index.ts';
import { EXIT_CODES } from '../exit-codes.ts';
import { type Scenario, startScenario, wikiSnapshot } from '../testing/index.ts';

let scenarios: Scenario[] = [];
afterEach(async () => {
  await Promise.all(scenarios.map((scenario) => scenario.close()));
  scenarios = [];
});

describe('REST v1 and REST v2 publish the same site identically', () => {
  it('leaves the same pages, bodies, order, labels, attachments and identities, before and after a change', async () => {
    const v1 = await startScenario({ emulator: DATA_CENTER });
    const v2 = await startScenario({ emulator: CLOUD, credentials: 'bearer' });
    scenarios = [v1, v2];
    for (const scenario of scenarios) {
      const install = path.join(scenario.siteDir, 'docs', 'guide', 'install.md');
      await writeFile(
        install,
        `---\ntags: [Setup, Getting Started]\n---\n${await readFile(install, 'utf8')}`,
      );
    }
    const [first1, first2] = [await v1.publish(), await v2.publish()];
    expect([first1.api?.version, first2.api?.version]).toEqual(['v1', 'v2']);
    expect([first1.exitCode, first2.exitCode]).toEqual([EXIT_CODES.ok, EXIT_CODES.ok]);
    const snapshot1 = wikiSnapshot(v1.emulator, v1.parentId ?? '');
    expect(snapshot1).toHaveLength(10);
    expect(snapshot1.find((page) => page.path === 'Guide/Install')?.labels).toEqual([
      'getting-started',
      'setup',
    ]);
    expect(wikiSnapshot(v2.emulator, v2.parentId ?? '')).toEqual(snapshot1);

    for (const scenario of scenarios) {
      const faq = path.join(scenario.siteDir, 'docs', 'reference', 'faq.md');
      await writeFile(faq, `${await readFile(faq, 'utf8')}\nA new answer.\n`);
    }
    const [second1, second2] = [await v1.publish(), await v2.publish()];
    expect(second1.pages).toEqual(second2.pages);
    expect(second1.pages.updated).toBe(1);
    expect(wikiSnapshot(v2.emulator, v2.parentId ?? '')).toEqual(
      wikiSnapshot(v1.emulator, v1.parentId ?? ''),
    );
  });
});
