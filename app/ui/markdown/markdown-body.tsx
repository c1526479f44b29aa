/**
 * A document's text shown as rendered Markdown.
 */
import { parseDocument } from './parse-document.ts';
import { renderFlow } from './render-flow.tsx';
import type { DocumentFiles } from './render-phrasing.tsx';

/** Props of {@link MarkdownBody}. */
export interface MarkdownBodyProps {
  /** The Markdown text. */
  readonly text: string;
  /** Extra class names of the wrapper (default none). */
  readonly class?: string;
  /** The document's files, so that `files/<name>` shows an image or links an attachment. */
  readonly files?: DocumentFiles;
}

/**
 * The rendered text in a `div.document-body.markdown`.
 *
 * @example
 * <MarkdownBody text={document.content} />
 */
export function MarkdownBody({ text, class: extra, files }: MarkdownBodyProps) {
  const parsed = parseDocument(text);
  return (
    <div class={`document-body markdown${extra ? ` ${extra}` : ''}`}>
      {renderFlow(parsed.root.children, files ? { ...parsed, files } : parsed)}
    </div>
  );
}
