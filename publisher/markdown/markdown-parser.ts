/**
 * The Markdown parser of one site: markdown-it configured to read what Python-Markdown reads with
 * the site's `markdown_extensions` — and nothing more (GFM's strikethrough, linkify and typographer
 * stay off; an extension the site does not enable is not applied).
 */
import MarkdownIt from 'markdown-it';
import abbr from 'markdown-it-abbr';
import deflist from 'markdown-it-deflist';
import footnote from 'markdown-it-footnote';
import { arithmatex } from './arithmatex.ts';
import { attributeLists } from './attribute-lists.ts';
import { callouts } from './callouts.ts';
import { codeHilite } from './code-hilite.ts';
import { containerTitles } from './container-token.ts';
import { detachedDefinitions } from './detached-definitions.ts';
import { type EmojiIndex, emojiShortcodes } from './emoji-shortcodes.ts';
import { fancyLists } from './fancy-lists.ts';
import { generatedDirectives } from './generated-directives.ts';
import { indentedContainers } from './indented-containers.ts';
import { inlineHilite } from './inline-hilite.ts';
import { inlineSpans } from './inline-spans.ts';
import { listCodeIndent } from './list-code-indent.ts';
import type { MarkdownExtensions } from './markdown-extensions.ts';
import { paragraphReferences } from './paragraph-references.ts';
import { progressBars } from './progress-bars.ts';
import { referenceDefinitions } from './reference-definitions.ts';
import { repositoryReferences } from './repository-references.ts';
import { DEFAULT_ADMONITION_BLOCKS, slashBlocks } from './slash-blocks.ts';
import { spacedReferences } from './spaced-references.ts';
import { tableCodePipes } from './table-code-pipes.ts';
import { typography } from './typography.ts';

function declaredTypes(options: Readonly<Record<string, unknown>>): string[] {
  const types = options.types;
  if (!Array.isArray(types)) return [];
  return types.flatMap((entry) =>
    typeof entry === 'string'
      ? [entry]
      : entry && typeof entry === 'object' && typeof (entry as { name?: unknown }).name === 'string'
        ? [(entry as { name: string }).name]
        : [],
  );
}

/** The emoji index the site names (`!!python/name:…twemoji`): pymdownx's default is emojione. */
function emojiIndex(options: Readonly<Record<string, unknown>>): EmojiIndex {
  const index = String(options.emoji_index ?? '');
  return /twemoji/.test(index) ? 'twemoji' : /gemoji/.test(index) ? 'gemoji' : 'emojione';
}

/** fancylists' `additional_ordered_styles` (all three unless the site lists fewer). */
function orderedStyles(options: Readonly<Record<string, unknown>>): ReadonlySet<string> {
  const styles = options.additional_ordered_styles;
  return new Set(Array.isArray(styles) ? styles.map(String) : ['roman', 'alpha', 'generic']);
}

/**
 * Builds the parser for a site's extensions and MkDocs plugins (build it once per site:
 * construction costs more than parsing a page). Of the plugins, `mkdocstrings` changes reading.
 *
 * @example
 * const md = createMarkdownParser(siteMarkdownExtensions(['admonition']));
 */
export function createMarkdownParser(
  extensions: MarkdownExtensions,
  plugins: ReadonlySet<string> = new Set(),
): MarkdownIt {
  const md = new MarkdownIt('default', { html: true, linkify: false, typographer: false });
  md.disable(['strikethrough', 'linkify', 'replacements', 'smartquotes']);
  // Links stay as written: the site resolves them, and Python-Markdown neither encodes nor filters URLs.
  md.normalizeLink = (url) => url;
  md.validateLink = () => true;
  if (!extensions.has('tables')) md.disable('table');
  else tableCodePipes(md);
  listCodeIndent(md);
  spacedReferences(md);
  paragraphReferences(md);
  referenceDefinitions(md);
  if (extensions.has('pymdownx.fancylists'))
    fancyLists(md, orderedStyles(extensions.options('pymdownx.fancylists')));
  if (extensions.has('codehilite')) codeHilite(md);
  if (!extensions.has('fenced_code') && !extensions.has('pymdownx.superfences')) md.disable('fence');
  if (extensions.has('footnotes')) md.use(footnote);
  if (extensions.has('def_list')) {
    md.use(deflist);
    detachedDefinitions(md);
  }
  if (extensions.has('abbr')) md.use(abbr);
  indentedContainers(md, {
    admonition: extensions.has('admonition'),
    details: extensions.has('pymdownx.details'),
    tabbed: extensions.has('pymdownx.tabbed'),
  });
  const blocks = {
    admonition: extensions.has('pymdownx.blocks.admonition'),
    details: extensions.has('pymdownx.blocks.details'),
    tab: extensions.has('pymdownx.blocks.tab'),
    html: extensions.has('pymdownx.blocks.html'),
    caption: extensions.has('pymdownx.blocks.caption'),
    admonitionTypes: new Set([
      ...DEFAULT_ADMONITION_BLOCKS,
      ...declaredTypes(extensions.options('pymdownx.blocks.admonition')),
    ]),
    detailsTypes: new Set(['details', ...declaredTypes(extensions.options('pymdownx.blocks.details'))]),
  };
  if (blocks.admonition || blocks.details || blocks.tab || blocks.html || blocks.caption)
    slashBlocks(md, blocks);
  if (extensions.has('pymdownx.arithmatex')) arithmatex(md);
  const click = extensions.has('mkdocs-click') || extensions.has('mkdocs_click');
  if (plugins.has('mkdocstrings') || click)
    generatedDirectives(md, { mkdocstrings: plugins.has('mkdocstrings'), click });
  inlineSpans(md, {
    mark: extensions.has('pymdownx.mark'),
    caret: extensions.has('pymdownx.caret'),
    tilde: extensions.has('pymdownx.tilde'),
    keys: extensions.has('pymdownx.keys'),
  });
  if (extensions.has('pymdownx.emoji')) emojiShortcodes(md, emojiIndex(extensions.options('pymdownx.emoji')));
  if (extensions.has('pymdownx.progressbar')) progressBars(md);
  const magiclink = extensions.options('pymdownx.magiclink');
  const ghLinks = extensions.options('gh_links');
  if (extensions.has('pymdownx.magiclink')) {
    md.enable('linkify').set({ linkify: true });
    // magiclink links URLs with a scheme or `www.`, never a bare domain such as `patterns.It`.
    md.linkify.set({ fuzzyLink: false });
  }
  if (extensions.has('pymdownx.magiclink') && magiclink.repo_url_shorthand === true) {
    const user = String(magiclink.user ?? '');
    const repo = String(magiclink.repo ?? '');
    if (user && repo) repositoryReferences(md, { user, repo, pulls: true });
  } else if (extensions.has('gh_links') && ghLinks.user && ghLinks.repo) {
    repositoryReferences(md, { user: String(ghLinks.user), repo: String(ghLinks.repo), pulls: false });
  }
  containerTitles(md);
  const smarty = extensions.has('smarty') ? { smarty: extensions.options('smarty') } : {};
  const symbols = extensions.has('pymdownx.smartsymbols')
    ? { symbols: extensions.options('pymdownx.smartsymbols') }
    : {};
  if (extensions.has('smarty') || extensions.has('pymdownx.smartsymbols'))
    typography(md, { ...smarty, ...symbols });
  if (extensions.has('pymdownx.inlinehilite')) inlineHilite(md);
  if (extensions.has('attr_list')) attributeLists(md);
  if (extensions.has('callouts') || extensions.has('github-callouts')) {
    callouts(md, {
      paragraphs: extensions.has('callouts'),
      github: extensions.has('github-callouts'),
    });
  }
  return md;
}
