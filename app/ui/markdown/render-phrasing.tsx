/**
 * Inline Markdown as HTML elements. Everything is built as elements and escaped text (hono/jsx
 * escapes every string), so raw HTML in a document shows as the text it is. Links carry
 * `rel="noopener noreferrer"`; images become links to the image (the page's Content Security Policy
 * loads images from the site only, and a document must not make the reader's browser fetch
 * addresses it chose).
 */
import type { Child } from 'hono/jsx';
import type { PhrasingContent } from 'mdast';
import { linkTarget } from './link-target.ts';
import type { ParsedDocument } from './parse-document.ts';

/** What inline rendering needs from the whole document. */
export type RenderContext = Pick<ParsedDocument, 'definitions'>;

/** A link to `url` (when it is an allowed target), else its content alone. */
function SafeLink({ url, title, children }: { url: string; title?: string | null; children?: Child }) {
  const href = linkTarget(url);
  if (href === undefined) return <>{children}</>;
  return (
    <a href={href} title={title ?? undefined} rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** An image as a link to it, named by its alternative text. */
function ImageLink({ url, alt }: { url: string; alt: string | null | undefined }) {
  return <SafeLink url={url}>{`Image: ${alt || url}`}</SafeLink>;
}

/** Inline nodes as elements. */
export function renderPhrasing(nodes: readonly PhrasingContent[], context: RenderContext): Child[] {
  return nodes.map((node) => renderInline(node, context));
}

function renderInline(node: PhrasingContent, context: RenderContext): Child {
  switch (node.type) {
    case 'text':
      return node.value;
    case 'html':
      return node.value;
    case 'emphasis':
      return <em>{renderPhrasing(node.children, context)}</em>;
    case 'strong':
      return <strong>{renderPhrasing(node.children, context)}</strong>;
    case 'delete':
      return <del>{renderPhrasing(node.children, context)}</del>;
    case 'inlineCode':
      return <code>{node.value}</code>;
    case 'break':
      return <br />;
    case 'link':
      return (
        <SafeLink url={node.url} title={node.title}>
          {renderPhrasing(node.children, context)}
        </SafeLink>
      );
    case 'image':
      return <ImageLink url={node.url} alt={node.alt} />;
    case 'linkReference': {
      const definition = context.definitions.get(node.identifier);
      const children = renderPhrasing(node.children, context);
      return definition ? (
        <SafeLink url={definition.url} title={definition.title}>
          {children}
        </SafeLink>
      ) : (
        children
      );
    }
    case 'imageReference': {
      const definition = context.definitions.get(node.identifier);
      return definition ? <ImageLink url={definition.url} alt={node.alt} /> : (node.alt ?? '');
    }
    case 'footnoteReference':
      return (
        <sup>
          <a
            href={`#footnote-${encodeURIComponent(node.identifier)}`}
          >{`[${node.label ?? node.identifier}]`}</a>
        </sup>
      );
  }
}
