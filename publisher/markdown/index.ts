/**
 * @module wiki-publish/markdown
 * Markdown → mdast: front matter, MkDocs admonition syntax, micromark with GFM, plain text and
 * MkDocs heading slugs.
 */
export type { AdmonitionRewrite, AdmonitionSpec } from './admonition-syntax.ts';
export { ADMONITION_MARKER, rewriteAdmonitions } from './admonition-syntax.ts';
export type { FrontMatterSplit } from './front-matter.ts';
export { splitFrontMatter } from './front-matter.ts';
export { createSlugger, headingSlug } from './heading-slug.ts';
export type { ParsedMarkdown } from './parse-markdown.ts';
export { parseMarkdown } from './parse-markdown.ts';
export { plainText } from './plain-text.ts';
