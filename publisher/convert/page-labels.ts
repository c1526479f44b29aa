/**
 * Confluence labels from a page's front matter: `tags` (what MkDocs' tags plugins read) and
 * `labels`, as lists or single values. Confluence labels are lower case without spaces, so
 * `Getting Started` becomes `getting-started`.
 */

/**
 * The labels a page's front matter asks for, normalized and without duplicates.
 *
 * @example
 * pageLabels({ tags: ['Setup', 'Getting Started'] }); // ['setup', 'getting-started']
 */
export function pageLabels(meta: Readonly<Record<string, unknown>>): string[] {
  const values = [meta.tags, meta.labels].flatMap((value) =>
    Array.isArray(value) ? value : value === undefined || value === null ? [] : [value],
  );
  const labels = values
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .map((value) =>
      String(value)
        .trim()
        .toLowerCase()
        .replace(/[\s:]+/g, '-')
        .replace(/[^\p{L}\p{N}_.-]/gu, ''),
    )
    .filter((label) => label !== '');
  return [...new Set(labels)];
}
