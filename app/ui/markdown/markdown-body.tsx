/**
 * A document's text shown as rendered Markdown.
 */
import { parseDocument } from './parse-document.ts';
import { renderFlow } from './render-flow.tsx';

/** Props of {@link MarkdownBody}. */
export interface MarkdownBodyProps {
  /** The Markdown text. */
  readonly text: string;
  /** Extra class names of the wrapper (default none). */
  readonly class?: string;
}

/**
 * The rendered text in a `div.document-body.markdown`.
 *
 * @example
 * <MarkdownBody text={document.content} />
 */
export function MarkdownBody({ text, class: extra }: MarkdownBodyProps) {
  const parsed = parseDocument(text);
  return (
    <div class={`document-body markdown${extra ? ` ${extra}` : ''}`}>
      {renderFlow(parsed.root.children, parsed)}
    </div>
  );
}
