/**
 * The site's `markdown_extensions` as MkDocs hands them to Python-Markdown: names normalized
 * (`markdown.extensions.toc` → `toc`, `extra` expanded), MkDocs' own defaults (`toc`, `tables`,
 * `fenced_code`) added, each extension's options kept. Only enabled extensions are applied.
 */

/** The Markdown extensions a site enables, with their options. */
export interface MarkdownExtensions {
  /** Whether the extension (`admonition`, `pymdownx.tabbed`, …) is enabled. */
  has(name: string): boolean;
  /** The extension's options as written, `{}` when none. */
  options(name: string): Readonly<Record<string, unknown>>;
  /** Enabled extensions this converter does not know; their syntax stays text. */
  readonly unknown: readonly string[];
}

const EXTRA = ['abbr', 'attr_list', 'def_list', 'fenced_code', 'footnotes', 'md_in_html', 'tables'];
const MKDOCS_DEFAULTS = ['toc', 'tables', 'fenced_code'];

/** Extensions whose syntax the converter follows. */
export const KNOWN_EXTENSIONS: ReadonlySet<string> = new Set([
  ...EXTRA,
  'admonition',
  'toc',
  'sane_lists',
  'nl2br',
  'smarty',
  'meta',
  'codehilite',
  'callouts',
  'gh_links',
  'github-callouts',
  'markdown_include_variants',
  'mdx_include',
  'mkdocs-click',
  'mkdocs_click',
  'pymdownx.arithmatex',
  'pymdownx.betterem',
  'pymdownx.blocks.admonition',
  'pymdownx.blocks.caption',
  'pymdownx.blocks.details',
  'pymdownx.blocks.html',
  'pymdownx.blocks.tab',
  'pymdownx.caret',
  'pymdownx.details',
  'pymdownx.emoji',
  'pymdownx.fancylists',
  'pymdownx.highlight',
  'pymdownx.inlinehilite',
  'pymdownx.keys',
  'pymdownx.magiclink',
  'pymdownx.mark',
  'pymdownx.progressbar',
  'pymdownx.saneheaders',
  'pymdownx.smartsymbols',
  'pymdownx.snippets',
  'pymdownx.superfences',
  'pymdownx.tabbed',
  'pymdownx.tasklist',
  'pymdownx.tilde',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Module names under which extensions are also known (`mdx_gh_links` is gh_links). */
const ALIASES: Readonly<Record<string, string>> = { mdx_gh_links: 'gh_links' };

function normalizedName(name: string): string {
  const short = name.replace(/^markdown\.extensions\./, '');
  return ALIASES[short] ?? short;
}

/**
 * Reads `markdown_extensions` from a parsed `mkdocs.yml` (a list of names or one-key mappings,
 * or a mapping). `undefined` means a bare docs folder: MkDocs' defaults only.
 *
 * @example
 * siteMarkdownExtensions(['admonition', { toc: { permalink: true } }]).has('toc'); // true
 */
export function siteMarkdownExtensions(setting: unknown): MarkdownExtensions {
  const entries = new Map<string, Record<string, unknown>>();
  const add = (name: string, options: unknown) => {
    const normalized = normalizedName(name);
    const record = isRecord(options) ? options : {};
    if (normalized === 'extra') for (const part of EXTRA) entries.set(part, entries.get(part) ?? {});
    else entries.set(normalized, record);
  };
  if (Array.isArray(setting)) {
    for (const item of setting) {
      if (typeof item === 'string') add(item, {});
      else if (isRecord(item)) for (const [name, options] of Object.entries(item)) add(name, options);
    }
  } else if (isRecord(setting)) {
    for (const [name, options] of Object.entries(setting)) add(name, options);
  }
  for (const name of MKDOCS_DEFAULTS) if (!entries.has(name)) entries.set(name, {});
  return {
    has: (name) => entries.has(name),
    options: (name) => entries.get(name) ?? {},
    unknown: [...entries.keys()].filter((name) => !KNOWN_EXTENSIONS.has(name)).sort(),
  };
}
