/**
 * Images (Markdown, attr_list-sized, or raw `<img>`) → `ac:image` with an attachment or a URL,
 * keeping alt text, title, width, height and alignment.
 */
import type { RenderState } from './render-state.ts';
import { escapeAttribute, escapeText } from './xml-escape.ts';

/** An image as written on the page. */
export interface ImageSpec {
  readonly url: string;
  readonly alt?: string | undefined;
  readonly title?: string | undefined;
  readonly width?: string | undefined;
  readonly height?: string | undefined;
  readonly align?: string | undefined;
  /** Written as a raw `<img>` (resolved against the page's URL). */
  readonly html?: boolean;
}

function pixels(value: string | undefined): string | undefined {
  const match = value ? /^(\d+)(?:px)?$/.exec(value.trim()) : null;
  return match?.[1];
}

/** Renders one image; an image whose file is missing keeps its alt text and is reported. */
export function renderImage(image: ImageSpec, state: RenderState): string {
  const target = state.context.resolveImage(image.url, image.html ? 'html' : 'markdown');
  const align =
    image.align && /^(left|right|center)$/i.test(image.align) ? image.align.toLowerCase() : undefined;
  const attributes = [
    ['ac:alt', image.alt || undefined],
    ['ac:title', image.title || undefined],
    ['ac:width', pixels(image.width)],
    ['ac:height', pixels(image.height)],
    ['ac:align', align],
  ]
    .flatMap(([name, value]) => (value ? [` ${name}="${escapeAttribute(value)}"`] : []))
    .join('');
  switch (target.kind) {
    case 'attachment':
      return `<ac:image${attributes}><ri:attachment ri:filename="${escapeAttribute(target.name)}"/></ac:image>`;
    case 'external':
      return `<ac:image${attributes}><ri:url ri:value="${escapeAttribute(target.url)}"/></ac:image>`;
    case 'unresolved': {
      const message = `image "${image.url}" is left out: ${target.reason}`;
      if (target.missingFile) state.context.fail(message, state.line);
      else state.context.warn(message, state.line);
      return image.alt ? escapeText(`[${image.alt}]`) : '';
    }
  }
}
