/**
 * The comparison of the MkDocs oracle's page summary with the summary of wiki-publish's storage
 * format: one short description per category that differs.
 */
import type { PageSummary } from './corpus.ts';

/** The categories of the comparison. */
export type Category =
  | 'headings'
  | 'ids'
  | 'code'
  | 'languages'
  | 'containers'
  | 'tables'
  | 'images'
  | 'links'
  | 'missing words'
  | 'extra words';

/** Items of `a` that `b` lacks, counting repeats (multiset difference). */
function lacking(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const item of b) left.set(item, (left.get(item) ?? 0) + 1);
  const result: string[] = [];
  for (const item of a) {
    const count = left.get(item) ?? 0;
    if (count > 0) left.set(item, count - 1);
    else result.push(item);
  }
  return result;
}

function sample(items: readonly string[]): string {
  const shown = items
    .slice(0, 4)
    .map((item) => JSON.stringify(item.length > 60 ? `${item.slice(0, 60)}…` : item));
  return `${items.length}: ${shown.join(', ')}${items.length > 4 ? ', …' : ''}`;
}

function both(name: string, oracle: readonly string[], storage: readonly string[]): string | undefined {
  const onlyOracle = lacking(oracle, storage);
  const onlyStorage = lacking(storage, oracle);
  if (onlyOracle.length === 0 && onlyStorage.length === 0) return undefined;
  const parts = [];
  if (onlyOracle.length > 0) parts.push(`MkDocs only ${sample(onlyOracle)}`);
  if (onlyStorage.length > 0) parts.push(`wiki-publish only ${sample(onlyStorage)}`);
  return `${name}: ${parts.join('; ')}`;
}

/**
 * Compares one page. Heading ids: the storage format carries an anchor only for the headings a
 * link targets, so its ids must be among MkDocs's; code languages: MkDocs's HTML names a language
 * only with some settings, so those it names must be in the storage format.
 */
export function structureDifferences(
  oracle: PageSummary,
  storage: PageSummary,
): Partial<Record<Category, string>> {
  const found: Partial<Record<Category, string>> = {};
  const headings = both('headings', oracle.headings, storage.headings);
  if (headings) found.headings = headings;
  const ids = lacking(storage.ids, oracle.ids);
  if (ids.length > 0) found.ids = `anchors MkDocs does not make ${sample(ids)}`;
  const code = both('code bodies', oracle.code, storage.code);
  if (code) found.code = code;
  const languages = lacking(oracle.languages, storage.languages);
  if (languages.length > 0) found.languages = `languages lost ${sample(languages)}`;
  const containers = both('titles', oracle.containers, storage.containers);
  if (containers) found.containers = containers;
  if (oracle.tables !== storage.tables)
    found.tables = `MkDocs ${oracle.tables}, wiki-publish ${storage.tables}`;
  if (oracle.images !== storage.images)
    found.images = `MkDocs ${oracle.images}, wiki-publish ${storage.images}`;
  const links = both('external links', oracle.links, storage.links);
  if (links) found.links = links;
  const missing = lacking(oracle.words, storage.words);
  if (missing.length > 0) found['missing words'] = sample(missing);
  const extra = lacking(storage.words, oracle.words);
  if (extra.length > 0) found['extra words'] = sample(extra);
  return found;
}
