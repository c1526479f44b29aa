import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { childrenInOrder } from '../emulator/page-order.ts';
import { EXIT_CODES } from '../exit-codes.ts';
import { type Scenario, startScenario } from '../testing/index.ts';
import { siblingMoves } from './sibling-order.ts';

let scenario: Scenario | undefined;
afterEach(async () => {
  await scenario?.close();
  scenario = undefined;
});

function childTitles(s: Scenario, title: string): string[] {
  const parent = s.emulator.state.byTitle(s.space, title);
  if (!parent) throw new Error(`no page "${title}"`);
  return childrenInOrder(s.emulator.state, parent.id).map((page) => page.title);
}

async function editNav(s: Scenario, edit: (yaml: string) => string): Promise<void> {
  const file = path.join(s.siteDir, 'mkdocs.yml');
  await writeFile(file, edit(await readFile(file, 'utf8')));
}

describe('siblingMoves', () => {
  it('moves a first page that is out of place before the current first', () => {
    expect(siblingMoves(['b', 'c', 'a'], ['a', 'b', 'c'])).toEqual([
      { id: 'a', position: 'before', targetId: 'b' },
    ]);
  });

  it('finds the few moves that turn one order into another', () => {
    expect(siblingMoves(['a', 'b', 'c'], ['a', 'b', 'c'])).toEqual([]);
    expect(siblingMoves(['b', 'a', 'c'], ['a', 'b', 'c'])).toEqual([
      { id: 'b', position: 'after', targetId: 'a' },
    ]);
    expect(siblingMoves(['a', 'b', 'c', 'd'], ['a', 'd', 'b', 'c'])).toEqual([
      { id: 'd', position: 'after', targetId: 'a' },
    ]);
    expect(siblingMoves(['a', 'b', 'c'], ['b', 'c', 'a'])).toEqual([
      { id: 'a', position: 'after', targetId: 'c' },
    ]);
    expect(siblingMoves(['c', 'b', 'a'], ['a', 'b', 'c'])).toEqual([
      { id: 'b', position: 'after', targetId: 'a' },
      { id: 'c', position: 'after', targetId: 'b' },
    ]);
  });
});

describe('sibling order follows the nav', () => {
  it('moves existing pages when the nav reorders them, then an unchanged republish writes nothing', async () => {
    scenario = await startScenario();
    await scenario.publish();
    expect(childTitles(scenario, 'Handbook')).toEqual(['Home', 'Guide', 'Reference']);
    expect(childTitles(scenario, 'Reference')).toEqual(['API', 'FAQ']);
    await editNav(scenario, (yaml) =>
      yaml
        .replace(
          '      - reference/api.md\n      - reference/faq.md\n',
          '      - reference/faq.md\n      - reference/api.md\n',
        )
        .replace('  - Home: index.md\n', '')
        .replace('  - Source code:', '  - Home: index.md\n  - Source code:'),
    );
    scenario.emulator.clearRequests();
    const reordered = await scenario.publish();
    expect(reordered.exitCode).toBe(EXIT_CODES.ok);
    expect(childTitles(scenario, 'Reference')).toEqual(['FAQ', 'API']);
    expect(childTitles(scenario, 'Handbook')).toEqual(['Guide', 'Reference', 'Home']);
    const moves = scenario.emulator.writes().filter((write) => write.path.includes('/move/'));
    expect(moves).toHaveLength(2); // one per parent: Home last, FAQ first
    expect(reordered.apiCalls.writes).toBe(2);
    scenario.emulator.clearRequests();
    const again = await scenario.publish();
    expect(again.apiCalls.writes).toBe(0);
    expect(scenario.emulator.requests.some((request) => request.path.includes('/child/page'))).toBe(false);
  });

  it.each([0, 6])(
    'puts a page created in this build between existing siblings (visibility lag %i)',
    async (lag) => {
      scenario = await startScenario({ emulator: { visibilityLag: lag } });
      await editNav(scenario, (yaml) => yaml.replace('      - reference/faq.md\n', ''));
      await scenario.publish();
      await editNav(scenario, (yaml) =>
        yaml.replace('      - reference/api.md\n', '      - reference/faq.md\n      - reference/api.md\n'),
      );
      const report = await scenario.publish();
      expect(report.pages.created).toBe(1);
      expect(childTitles(scenario, 'Reference')).toEqual(['FAQ', 'API']);
    },
  );
});
