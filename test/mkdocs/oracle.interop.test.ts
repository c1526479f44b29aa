/**
 * MkDocs's own Markdown as the oracle: every page of the corpus of real MkDocs sites, rendered by
 * Python-Markdown with the site's markdown_extensions, compared structurally with wiki-publish's
 * storage format of the same page. Every difference is listed in `expected-differences.json` with
 * its reason; an unlisted difference fails, and so does a listed one that no longer occurs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareSite } from './compare-site.ts';
import { CORPUS_SITES, type CorpusSite, type MkDocsPeer, mkdocsPeer } from './corpus.ts';

const EXPECTED = JSON.parse(
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'expected-differences.json'), 'utf8'),
) as { extensionsNotLoaded: Record<string, string[]>; pages: Record<string, Record<string, string>> };

let peer: MkDocsPeer;
beforeAll(() => {
  peer = mkdocsPeer();
});

async function compareCorpusSite(site: CorpusSite) {
  return compareSite(peer, peer.siteDir(site), site);
}

describe('MkDocs oracle on the corpus of real sites', () => {
  it.each(CORPUS_SITES)('%s: every structural difference from MkDocs is expected', async (site) => {
    const { pages, skipped, differences } = await compareCorpusSite(site);
    if (process.env.ORACLE_DUMP)
      writeFileSync(`${process.env.ORACLE_DUMP}/${site}.json`, JSON.stringify(differences, null, 1));
    expect(pages).toBeGreaterThan(4);
    expect(skipped).toEqual(EXPECTED.extensionsNotLoaded[site] ?? []);
    const actual = Object.fromEntries(
      Object.entries(differences).map(([page, found]) => [page, Object.keys(found).sort()]),
    );
    const expected = Object.fromEntries(
      Object.entries(EXPECTED.pages)
        .filter(([page]) => page.startsWith(`${site}/`))
        .map(([page, categories]) => [page, Object.keys(categories).sort()]),
    );
    const identical = pages - Object.keys(differences).length;
    console.log(
      `${site}: ${pages} pages, ${identical} identical to MkDocs, ${Object.keys(differences).length} with expected differences`,
    );
    expect(actual).toEqual(expected);
  });
});
