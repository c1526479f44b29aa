/**
 * mkdocs-awesome-pages-plugin's `.pages` file in a folder: `title` (the section's title), `hide`,
 * `order: asc|desc`, and `nav` (or the older `arrange`) listing the folder's entries by name —
 * `...` stands for the entries not listed, in name order; `Title: name` renames an entry; entries
 * left out of a `nav` without `...` are hidden; links to other sites are not pages (reported).
 */
import { parse } from 'yaml';

/** What a `.pages` file says about its folder. */
export interface PagesFile {
  readonly title?: string;
  readonly hide: boolean;
  /** The folder's entries in order, with an optional title each. */
  readonly entries: ReadonlyArray<{ readonly name: string; readonly title?: string }>;
  readonly warnings: readonly string[];
}

const URL_LIKE = /^([A-Za-z][A-Za-z0-9+.-]*:|\/\/)/;

/**
 * Applies a `.pages` file to a folder's entry names (given in name order).
 *
 * @param where the file's docs-relative path, for messages
 * @example
 * pagesFile('nav:\n  - b.md\n  - ...\n', ['a.md', 'b.md'], 'guide/.pages').entries; // b.md, a.md
 */
export function pagesFile(text: string, names: readonly string[], where: string): PagesFile {
  const warnings: string[] = [];
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    warnings.push(
      `${where} is not valid YAML and is ignored (${error instanceof Error ? error.message.split('\n')[0] : error})`,
    );
    return { hide: false, entries: names.map((name) => ({ name })), warnings };
  }
  const config =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  const sorted = config.order === 'desc' ? [...names].reverse() : [...names];
  const nav = Array.isArray(config.nav)
    ? config.nav
    : Array.isArray(config.arrange)
      ? config.arrange
      : undefined;
  let entries: Array<{ name: string; title?: string }> = sorted.map((name) => ({ name }));
  if (nav) {
    const listed = nav.flatMap((item): Array<{ name: string; title?: string }> => {
      if (typeof item === 'string') return [{ name: item }];
      if (item && typeof item === 'object' && !Array.isArray(item)) {
        const [title, target] = Object.entries(item)[0] ?? [];
        if (typeof title === 'string' && typeof target === 'string') {
          if (URL_LIKE.test(target)) {
            warnings.push(`${where}: the link "${title}" to ${target} is not a page and is not published`);
            return [];
          }
          return [{ name: target.replace(/\/$/, ''), title }];
        }
      }
      return [];
    });
    const named = new Set(listed.map((entry) => entry.name));
    entries = listed.flatMap((entry) =>
      entry.name === '...'
        ? sorted.filter((name) => !named.has(name)).map((name) => ({ name }))
        : names.includes(entry.name)
          ? [entry]
          : [],
    );
    for (const entry of listed) {
      if (entry.name !== '...' && !names.includes(entry.name))
        warnings.push(`${where} lists ${entry.name}, which does not exist`);
    }
  }
  return {
    ...(typeof config.title === 'string' ? { title: config.title } : {}),
    hide: config.hide === true,
    entries,
    warnings,
  };
}
