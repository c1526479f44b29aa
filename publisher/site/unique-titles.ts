/**
 * Confluence page titles are unique within a space (ignoring case), MkDocs titles are not
 * ("Overview" in every section). Later duplicates (in page order) get their parent's title in
 * parentheses, then a number; titles are trimmed, single-spaced and cut to Confluence's 255 characters.
 */

/** A page with its proposed title. */
export interface TitledPage {
  readonly key: string;
  readonly title: string;
  readonly parentKey?: string;
}

/** Final titles by page key, and what was renamed. */
export interface UniqueTitles {
  readonly titles: ReadonlyMap<string, string>;
  readonly warnings: readonly string[];
}

const MAX_TITLE = 255;

function clean(title: string): string {
  const spaced = title.replace(/\s+/g, ' ').trim();
  return spaced.length > MAX_TITLE ? spaced.slice(0, MAX_TITLE).trimEnd() : spaced;
}

/**
 * Makes titles unique, parents first.
 *
 * @param reserved titles already taken (the parent page's own title)
 * @example
 * uniqueTitles([{ key: 'a', title: 'Overview' }, { key: 'b', title: 'Overview', parentKey: 'a' }], []);
 * // titles: a → 'Overview', b → 'Overview (Overview)' … then numbered if needed
 */
export function uniqueTitles(pages: readonly TitledPage[], reserved: readonly string[]): UniqueTitles {
  const taken = new Set(reserved.map((title) => clean(title).toLowerCase()));
  const titles = new Map<string, string>();
  const warnings: string[] = [];
  for (const page of pages) {
    const wanted = clean(page.title) || page.key;
    let title = wanted;
    if (taken.has(title.toLowerCase())) {
      const parentTitle = page.parentKey ? titles.get(page.parentKey) : undefined;
      if (parentTitle) title = clean(`${wanted} (${parentTitle})`);
      for (let n = 2; taken.has(title.toLowerCase()); n++) title = clean(`${wanted} (${n})`);
      warnings.push(`title "${wanted}" is used more than once; ${page.key} is published as "${title}"`);
    }
    if (wanted.length < page.title.trim().length && title === wanted) {
      warnings.push(`title of ${page.key} is longer than ${MAX_TITLE} characters and was shortened`);
    }
    taken.add(title.toLowerCase());
    titles.set(page.key, title);
  }
  return { titles, warnings };
}
