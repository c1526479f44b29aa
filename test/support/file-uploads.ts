/**
 * Files for the upload tests — a real 1×1 PNG, a minimal PDF, an SVG carrying scripts — and an
 * upload as a client of the files API sends it.
 */
import type { SignedInClient } from './sign-in.ts';

/** A valid 1×1 PNG. */
export const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
);

/** A minimal PDF. */
export const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** An SVG whose scripts would run if a browser rendered it. */
export const SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>',
);

/** An upload's answer, its JSON parsed when it is JSON. */
export interface UploadAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers are asserted field by field
  readonly body: any;
}

/**
 * Uploads `content` as `name` to document `documentId`: the body is the file, `type` its
 * Content-Type (default `application/octet-stream`; `null` sends none).
 *
 * @example
 * const { status, body } = await uploadFile(alice, 7, 'chart.png', PNG);
 */
export async function uploadFile(
  client: SignedInClient,
  documentId: number,
  name: string,
  content: Uint8Array,
  type: string | null = 'application/octet-stream',
): Promise<UploadAnswer> {
  const res = await client.fetch(`/api/documents/${documentId}/files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: type === null ? {} : { 'content-type': type },
    body: content,
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: text.startsWith('{') ? JSON.parse(text) : undefined,
  };
}
