import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_CENTER } from '../emulator/index.ts';
import { EXIT_CODES } from '../exit-codes.ts';
import { type Scenario, startScenario } from '../testing/index.ts';
import { runWikiApiContract } from './wiki-api.contract.ts';

runWikiApiContract({
  name: 'Confluence Data Center (REST v1, no move endpoint)',
  emulator: DATA_CENTER,
  credentials: 'basic',
  expectedApi: 'v1',
});

runWikiApiContract({
  name: 'Confluence Data Center (REST v1) with a personal access token',
  emulator: DATA_CENTER,
  credentials: 'bearer',
  expectedApi: 'v1',
});

describe('a Confluence without the page-move endpoint', () => {
  let scenario: Scenario | undefined;
  afterEach(async () => {
    await scenario?.close();
    scenario = undefined;
  });

  it('warns once that siblings are not reordered, and never fails the build for it', async () => {
    scenario = await startScenario({ emulator: DATA_CENTER });
    await scenario.publish();
    const mkdocs = path.join(scenario.siteDir, 'mkdocs.yml');
    const nav = (await readFile(mkdocs, 'utf8'))
      .replace(
        '      - reference/api.md\n      - reference/faq.md\n',
        '      - reference/faq.md\n      - reference/api.md\n',
      )
      .replace('  - Home: index.md\n', '')
      .replace('  - Source code:', '  - Home: index.md\n  - Source code:');
    await writeFile(mkdocs, nav);
    for (let run = 0; run < 2; run++) {
      const report = await scenario.publish();
      expect(report.exitCode).toBe(EXIT_CODES.ok);
      expect(report.failures).toEqual([]);
      const moveWarnings = report.warnings.filter((warning) => /no page-move endpoint/.test(warning.message));
      expect(moveWarnings).toHaveLength(1);
      expect(moveWarnings[0]?.count).toBe(1);
    }
  });
});
