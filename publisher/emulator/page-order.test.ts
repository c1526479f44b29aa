import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test/support/free-port.ts';
import { type ConfluenceEmulator, startConfluenceEmulator } from './index.ts';

let emulator: ConfluenceEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

const auth = { authorization: `Basic ${Buffer.from('u:t').toString('base64')}` };

async function call(method: string, path: string) {
  const response = await fetch(`${emulator?.url}${path}`, { method, headers: auth });
  return {
    status: response.status,
    json: (await response.json().catch(() => undefined)) as Record<string, unknown>,
  };
}

async function siteWithChildren(titles: string[]) {
  emulator = await startConfluenceEmulator({ port: await freePort(), users: { u: 't' } });
  emulator.addSpace('DOCS', 'Docs');
  const parent = emulator.addPage({ space: 'DOCS', title: 'Handbook' });
  const other = emulator.addPage({ space: 'DOCS', title: 'Elsewhere' });
  const ids = Object.fromEntries(
    titles.map((title) => [title, emulator?.addPage({ space: 'DOCS', title, parentId: parent.id }).id ?? '']),
  );
  return { parent: parent.id, other: other.id, ids };
}

async function childTitles(parentId: string): Promise<string[]> {
  const { json } = await call('GET', `/rest/api/content/${parentId}/child/page`);
  return (json.results as { title: string }[]).map((page) => page.title);
}

describe('Confluence emulator: sibling order and the move endpoint', () => {
  it('lists children in creation order and reports each position', async () => {
    const { parent } = await siteWithChildren(['C', 'A', 'B']);
    expect(await childTitles(parent)).toEqual(['C', 'A', 'B']);
    const { json } = await call('GET', `/rest/api/content/${parent}/child/page`);
    expect(
      (json.results as { extensions: { position: number } }[]).map((page) => page.extensions.position),
    ).toEqual([0, 1, 2]);
  });

  it('moves a page before or after a sibling, and appends it below a target', async () => {
    const { parent, other, ids } = await siteWithChildren(['A', 'B', 'C']);
    expect(await call('PUT', `/rest/api/content/${ids.C}/move/before/${ids.A}`)).toEqual({
      status: 200,
      json: { pageId: ids.C },
    });
    expect(await childTitles(parent)).toEqual(['C', 'A', 'B']);
    await call('PUT', `/rest/api/content/${ids.C}/move/after/${ids.B}`);
    expect(await childTitles(parent)).toEqual(['A', 'B', 'C']);
    await call('PUT', `/rest/api/content/${ids.A}/move/append/${other}`);
    expect(await childTitles(parent)).toEqual(['B', 'C']);
    expect(await childTitles(other)).toEqual(['A']);
    expect(emulator?.writes().map((write) => write.method)).toEqual(['PUT', 'PUT', 'PUT']);
  });

  it('refuses an unknown position, a move relative to itself or below its own subtree, and unknown pages', async () => {
    const { parent, ids } = await siteWithChildren(['A', 'B']);
    expect((await call('PUT', `/rest/api/content/${ids.A}/move/above/${ids.B}`)).status).toBe(400);
    expect((await call('PUT', `/rest/api/content/${ids.A}/move/after/${ids.A}`)).status).toBe(400);
    expect((await call('PUT', `/rest/api/content/${parent}/move/append/${ids.A}`)).status).toBe(400);
    expect((await call('PUT', `/rest/api/content/${ids.A}/move/after/99999`)).status).toBe(404);
    expect((await call('PUT', `/rest/api/content/99999/move/after/${ids.A}`)).status).toBe(404);
    expect(await childTitles(parent)).toEqual(['A', 'B']);
  });
});
