/**
 * Inline Markdown as HTML elements. Everything is built as elements and escaped text (hono/jsx
 * escapes every string), so raw HTML in a document shows as the text it is. Links carry
 * `rel="noopener noreferrer"`. An image of the document's own files (`files/<name>`) is shown inline
 * from the site, a link to one of its attachments leads to the download; any other image becomes a
 * link to the image (the page's Content Security Policy loads images from the site only, and a
 * document must not make the reader's browser fetch addresses it chose).
 */
import type { Child } from 'hono/jsx';
import type { PhrasingContent } from 'mdast';
import { referencedFileName } from '../../services/index.ts';
import { linkTarget } from './link-target.ts';
import type { ParsedDocument } from './parse-document.ts';

/** A file of the document, as its text may refer to it. */
export interface LinkedFile {
  readonly name: string;
  /** Where the content is served (on this site). */
  readonly url: string;
  readonly mediaType: string;
}

/** The document's files by lower-case name (names are unique ignoring case). */
export type DocumentFiles = ReadonlyMap<string, LinkedFile>;

/** What inline rendering needs from the whole document. */
export type RenderContext = Pick<ParsedDocument, 'definitions'> & {
  /** The document's files; without them a `files/…` reference finds nothing. */
  readonly files?: DocumentFiles;
};

/** The file `url` refers to: `undefined` for no file reference, `null` for a missing file. */
function fileOf(url: string, context: RenderContext): LinkedFile | null | undefined {
  const name = referencedFileName(url);
  if (name === undefined) return undefined;
  return context.files?.get(name.toLowerCase()) ?? null;
}

/** An image: a file of the document inline, any other address as a link. */
function Image({
  url,
  alt,
  context,
}: {
  url: string;
  alt: string | null | undefined;
  context: RenderContext;
}) {
  const file = fileOf(url, context);
  if (file === undefined) return <ImageLink url={url} alt={alt} />;
  if (file === null) return <span class="missing-file">{`Image: ${alt || url} (no such file)`}</span>;
  if (!file.mediaType.startsWith('image/')) return <SafeLink url={file.url}>{alt || file.name}</SafeLink>;
  return <img src={file.url} alt={alt ?? ''} class="document-image" loading="lazy" />;
}

/** A link: to a file of the document (its download), or to an allowed address. */
function Link({
  url,
  title,
  context,
  children,
}: {
  url: string;
  title?: string | null;
  context: RenderContext;
  children?: Child;
}) {
  const file = fileOf(url, context);
  if (file === null) return <>{children}</>;
  return (
    <SafeLink url={file ? file.url : url} title={title}>
      {children}
    </SafeLink>
  );
}

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
        <Link url={node.url} title={node.title} context={context}>
          {renderPhrasing(node.children, context)}
        </Link>
      );
    case 'image':
      return <Image url={node.url} alt={node.alt} context={context} />;
    case 'linkReference': {
      const definition = context.definitions.get(node.identifier);
      const children = renderPhrasing(node.children, context);
      return definition ? (
        <Link url={definition.url} title={definition.title} context={context}>
          {children}
        </Link>
      ) : (
        children
      );
    }
    case 'imageReference': {
      const definition = context.definitions.get(node.identifier);
      return definition ? <Image url={definition.url} alt={node.alt} context={context} /> : (node.alt ?? '');
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
