/**
 * What a file is, told by its content (its first bytes, "magic numbers"), never by the name or the
 * type a client claims: a PNG is a PNG because it starts with PNG's signature. Accepted are the
 * images a browser shows inline without running anything (PNG, JPEG, GIF, WebP) and attachments
 * (PDF, ZIP, plain UTF-8 text). Markup — SVG, HTML, XML — is refused outright: a browser runs the
 * scripts it may carry, whatever the headers it was sent with try to prevent.
 */

/** The media types a file of a document may have. */
export type FileMediaType =
  | 'image/png'
  | 'image/jpeg'
  | 'image/gif'
  | 'image/webp'
  | 'application/pdf'
  | 'application/zip'
  | 'text/plain';

/** What {@link detectFileType} found. */
export type FileTypeVerdict =
  | { readonly ok: true; readonly mediaType: FileMediaType }
  | { readonly ok: false; readonly reason: string };

const SIGNATURES: readonly (readonly [FileMediaType, readonly (number | undefined)[]])[] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38, undefined, 0x61]],
  // RIFF, four bytes of length, WEBP.
  [
    'image/webp',
    [0x52, 0x49, 0x46, 0x46, undefined, undefined, undefined, undefined, 0x57, 0x45, 0x42, 0x50],
  ],
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ['application/zip', [0x50, 0x4b, 0x03, 0x04]],
];

/** Whether `bytes` start with `signature` (`undefined` matches any byte). */
function startsWith(bytes: Uint8Array, signature: readonly (number | undefined)[]): boolean {
  if (bytes.length < signature.length) return false;
  return signature.every((expected, i) => expected === undefined || bytes[i] === expected);
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });
// Tab, line feed, form feed and carriage return: the control characters text may hold.
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

/** Whether `text` holds a control character that marks binary data. */
function hasBinaryControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && !TEXT_CONTROLS.has(code)) || code === 0x7f) return true;
  }
  return false;
}
// The start of markup a browser would parse as a document: <svg, <?xml, <!DOCTYPE, <html, <script …
const MARKUP_START = /^\s*<(?:[?!]|[a-z])/i;
const MARKUP_INSIDE = /<(?:svg|script|html|body|iframe|object|embed)\b/i;

/**
 * The type of a file's content, or why it is refused.
 *
 * @example
 * detectFileType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])); // { ok: true, mediaType: 'image/png' }
 * detectFileType(new TextEncoder().encode('<svg onload="alert(1)"/>')).ok; // false
 */
export function detectFileType(bytes: Uint8Array): FileTypeVerdict {
  if (bytes.length === 0) return { ok: false, reason: 'the file is empty' };
  for (const [mediaType, signature] of SIGNATURES) {
    if (startsWith(bytes, signature)) return { ok: true, mediaType };
  }
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return {
      ok: false,
      reason: 'the content is of no accepted type (PNG, JPEG, GIF, WebP, PDF, ZIP or UTF-8 text)',
    };
  }
  const body = text.replace(/^\uFEFF/, '');
  if (MARKUP_START.test(body) || MARKUP_INSIDE.test(body)) {
    return {
      ok: false,
      reason: 'SVG, HTML and other markup are not accepted: they can carry scripts (upload a PNG instead)',
    };
  }
  if (hasBinaryControl(body)) {
    return {
      ok: false,
      reason: 'the content is of no accepted type (PNG, JPEG, GIF, WebP, PDF, ZIP or UTF-8 text)',
    };
  }
  return { ok: true, mediaType: 'text/plain' };
}

/** Whether a media type is an image shown inline in a document. */
export function isInlineImage(mediaType: string): boolean {
  return mediaType.startsWith('image/');
}
