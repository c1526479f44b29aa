/**
 * Heading anchors computed the way MkDocs computes them (Python-Markdown's `toc` extension,
 * default `slugify`), so that links written for the MkDocs site (`page.md#some-heading`) keep working.
 */

/**
 * The MkDocs slug of a heading's text: ASCII-folded, punctuation removed, lower case, runs of
 * spaces and hyphens turned into one hyphen.
 *
 * @example
 * headingSlug('Install & Run (v2)'); // 'install-run-v2'
 */
export function headingSlug(text: string): string {
  const ascii = text.normalize('NFKD').replace(/[\u0080-\uFFFF]/g, '');
  const cleaned = ascii
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase();
  return cleaned.replace(/[-\s]+/g, '-');
}

/**
 * Hands out unique slugs within one page: the second `setup` becomes `setup_1`, as in MkDocs.
 *
 * @param used slugs already taken (shared with ids written explicitly)
 */
export function createSlugger(used = new Set<string>()): (slug: string) => string {
  return (slug) => {
    let candidate = slug;
    for (let n = 1; candidate === '' || used.has(candidate); n++) candidate = `${slug}_${n}`;
    used.add(candidate);
    return candidate;
  };
}
