/**
 * @module app/ui/markdown
 * Documents' Markdown (CommonMark and GitHub's extensions) rendered as escaped elements: raw HTML
 * is shown as text, links go only to web and mail addresses (with `rel="noopener noreferrer"`),
 * the document's own image files (`files/<name>`) show inline, other images become links, and
 * nothing needs a script or loosens the Content Security Policy.
 */

export { linkTarget } from './link-target.ts';
export { linkedFiles } from './linked-files.ts';
export type { MarkdownBodyProps } from './markdown-body.tsx';
export { MarkdownBody } from './markdown-body.tsx';
export { markdownPlainText } from './plain-text.ts';
export type { DocumentFiles, LinkedFile } from './render-phrasing.tsx';
