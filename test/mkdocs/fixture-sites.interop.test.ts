/**
 * MkDocs's own Markdown as the oracle on small sites of our own, one per construct where
 * wiki-publish once read a page otherwise than Python-Markdown (`sites/<name>/`): includes
 * (mdx_include, FastAPI's markdown-include-variants), generated directives (mkdocs-click,
 * mkdocstrings), auto-appended snippets with `<div markdown>`, fence titles, links inside links,
 * emoji shortcodes, raw HTML image URLs, footnotes in lists, reference definitions. Every page is
 * compared as in the corpus test; the only differences allowed are those listed, with their
 * reason, in `sites/expected-differences.json`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareSite } from './compare-site.ts';
import { type MkDocsPeer, mkdocsPeer } from './corpus.ts';

const SITES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sites');
const EXPECTED = JSON.parse(readFileSync(path.join(SITES, 'expected-differences.json'), 'utf8')) as {
  pages: Record<string, Record<string, string>>;
  warnings: Record<string, string[]>;
};
const NAMES = readdirSync(SITES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

let peer: MkDocsPeer;
beforeAll(() => {
  peer = mkdocsPeer();
});

describe('MkDocs oracle on fixture sites of our own', () => {
  it.each(NAMES)('%s: the same structure and text as MkDocs renders, warnings as listed', async (name) => {
    const { pages, skipped, differences, warnings } = await compareSite(peer, path.join(SITES, name), name);
    expect(pages).toBeGreaterThan(0);
    expect(skipped).toEqual([]);
    const actual = Object.fromEntries(
      Object.entries(differences).map(([page, found]) => [page, Object.keys(found).sort()]),
    );
    const expected = Object.fromEntries(
      Object.entries(EXPECTED.pages)
        .filter(([page]) => page.startsWith(`${name}/`))
        .map(([page, categories]) => [page, Object.keys(categories).sort()]),
    );
    expect(actual, JSON.stringify(differences, null, 1)).toEqual(expected);
    expect(warnings).toEqual(EXPECTED.warnings[name] ?? []);
  });
});
