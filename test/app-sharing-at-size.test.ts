/**
 * Sharing at the size a team reaches, over HTTP against the real stack: alice's archive of 2,000
 * documents in nested folders, shared with a group bob belongs to, is listed to bob exactly — every
 * document once, nothing of anyone else's — and every revocation cascades through all 2,000 at once:
 * removing bob from the group, moving a folder out, revoking the folder's share. The figures of each
 * step are printed (never asserted: speed targets live in bench/).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, apiClient } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const YEARS = 4;
const QUARTERS = 2;
const PER_FOLDER = 250;
const TOTAL = YEARS * QUARTERS * PER_FOLDER;

describe('sharing at 2,000 documents', () => {
  let app: TestApp;
  let alice: ApiCall;
  let bob: ApiCall;
  let archive: number;
  let team: number;
  const years: number[] = [];
  const byYear = new Map<number, number[]>();

  const ok = async (call: ApiCall, method: string, path: string, body?: object) => {
    const res = await call(method, path, body);
    expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
    return res.body;
  };

  /** Every document id bob's list holds, following `Link: rel="next"`, and how long it took. */
  const bobsList = async () => {
    const started = performance.now();
    const ids: number[] = [];
    let next: string | undefined = '/api/documents?limit=1000';
    let pages = 0;
    while (next) {
      const page = await bob('GET', next);
      expect(page.status, page.text).toBe(200);
      ids.push(...page.body.map((d: { id: number }) => d.id));
      next = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
      pages += 1;
    }
    return { ids, pages, ms: Math.round(performance.now() - started) };
  };
  const report = (step: string, list: { ids: number[]; pages: number; ms: number }) =>
    console.log(
      `[sharing at size] ${step}: bob lists ${list.ids.length} documents in ${list.pages} pages, ${list.ms} ms`,
    );

  beforeAll(async () => {
    app = await startTestApp();
    alice = apiClient(await app.signIn('alice'));
    bob = apiClient(await app.signIn('bob'));
    archive = (await ok(alice, 'POST', '/api/folders', { name: 'Archive' })).id;
    for (let y = 0; y < YEARS; y++) {
      const year = (
        await ok(alice, 'POST', '/api/folders', { name: `Year ${2020 + y}`, parent_folder_id: archive })
      ).id;
      years.push(year);
      byYear.set(year, []);
      for (let q = 0; q < QUARTERS; q++) {
        const quarter = (
          await ok(alice, 'POST', '/api/folders', { name: `Half ${q + 1}`, parent_folder_id: year })
        ).id;
        const started = performance.now();
        for (let batch = 0; batch < PER_FOLDER; batch += 25) {
          const created = await Promise.all(
            Array.from({ length: 25 }, (_, i) =>
              ok(alice, 'POST', '/api/documents', {
                name: `Report ${y}-${q}-${batch + i}`,
                folder_id: quarter,
              }),
            ),
          );
          byYear.get(year)?.push(...created.map((d: { id: number }) => d.id));
        }
        console.log(
          `[sharing at size] ${PER_FOLDER} documents created in ${Math.round(performance.now() - started)} ms`,
        );
      }
    }
    // Something of bob's own, and something of alice's outside the archive, that must not mix in.
    await ok(bob, 'POST', '/api/documents', { name: 'Bob own' });
    await ok(alice, 'POST', '/api/documents', { name: 'Alice private' });
    team = (await ok(alice, 'POST', '/api/groups', { name: 'Auditors' })).id;
    await ok(alice, 'POST', `/api/groups/${team}/members`, { email: 'bob@example.com' });
    await ok(alice, 'POST', `/api/folders/${archive}/shares`, { group_id: team, permission: 'read' });
  }, 600_000);
  afterAll(async () => {
    await app?.stop();
  });

  const archived = () => [...byYear.values()].flat();
  const ofArchive = (ids: number[]) => ids.filter((id) => archived().includes(id));

  it('lists all 2,000 documents shared through a group’s folder share, each once, nothing else of alice’s', async () => {
    const list = await bobsList();
    report('shared through the group', list);
    const mine = ofArchive(list.ids);
    expect(mine).toHaveLength(TOTAL);
    expect(new Set(list.ids).size).toBe(list.ids.length);
    expect(list.ids).toHaveLength(TOTAL + 1);
    const deepest = byYear.get(years[YEARS - 1] as number)?.at(-1) as number;
    expect((await bob('GET', `/api/documents/${deepest}/permissions`)).body).toEqual({
      can_read: true,
      can_write: false,
      can_share: false,
      can_delete: false,
    });
    // Searching runs over the same 2,000: the matches bob may read.
    const search = await bob('GET', '/api/search?q=Report&limit=100');
    expect(search.status, search.text).toBe(200);
    expect(search.body.items).toHaveLength(100);
  }, 120_000);

  it('ends access to all 2,000 when bob leaves the group, and gives it back when he rejoins', async () => {
    await ok(alice, 'DELETE', `/api/groups/${team}/members/bob@example.com`);
    const gone = await bobsList();
    report('after leaving the group', gone);
    expect(ofArchive(gone.ids)).toEqual([]);
    expect((await bob('GET', `/api/documents/${archived()[0]}`)).status).toBe(403);
    await ok(alice, 'POST', `/api/groups/${team}/members`, { email: 'bob@example.com' });
    const back = await bobsList();
    report('after rejoining', back);
    expect(ofArchive(back.ids)).toHaveLength(TOTAL);
  }, 120_000);

  it('ends what a folder moved out of the archive inherited, and everything when the share is revoked', async () => {
    const moved = years[0] as number;
    await ok(alice, 'PUT', `/api/folders/${moved}`, { parent_folder_id: null });
    const fewer = await bobsList();
    report('after a year moved out', fewer);
    expect(ofArchive(fewer.ids).sort()).toEqual(
      archived()
        .filter((id) => !byYear.get(moved)?.includes(id))
        .sort(),
    );
    await ok(alice, 'DELETE', `/api/folders/${archive}/group-shares/${team}`);
    const none = await bobsList();
    report('after the share is revoked', none);
    expect(ofArchive(none.ids)).toEqual([]);
    expect(none.ids).toHaveLength(1);
  }, 120_000);
});
