/**
 * @module publisher/markdown
 * Markdown → markdown-it tokens the way MkDocs reads a page: front matter, snippets, the site's
 * `markdown_extensions` (admonitions, details, tabs, `///` blocks, attr_list, def_list, footnotes,
 * abbr, emoji, keys, mark, caret, tilde, arithmatex, callouts), plain text and MkDocs heading slugs.
 */
export type { ContainerMeta } from './container-token.ts';
export { containerMeta } from './container-token.ts';
export type { FrontMatterSplit } from './front-matter.ts';
export { splitFrontMatter } from './front-matter.ts';
export type { GeneratedDirective } from './generated-directives.ts';
export { createSlugger, headingSlug } from './heading-slug.ts';
export type { MarkdownExtensions } from './markdown-extensions.ts';
export { KNOWN_EXTENSIONS, siteMarkdownExtensions } from './markdown-extensions.ts';
export { createMarkdownParser } from './markdown-parser.ts';
export type { PageProblem, ParsedMarkdown } from './parse-markdown.ts';
export { parseFragment, parseMarkdown } from './parse-markdown.ts';
export type { SiteMarkdown } from './site-markdown.ts';
export { createSiteMarkdown, siteMarkdownWarnings } from './site-markdown.ts';
export type { ExpandedSnippets, SnippetSettings } from './snippets.ts';
export { expandSnippets } from './snippets.ts';
export { inlineText } from './token-text.ts';
