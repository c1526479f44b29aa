/**
 * A document's revision on the wire: the strong entity tag `"<revision>"` every answer that
 * carries a document sends in `ETag`, and the `If-Match` precondition of `PUT /api/documents/{id}`
 * — optional: without it a change applies to whatever is current (last writer wins); with it a
 * change made from an older revision is refused with 409 and the current document, so that the
 * client can show both and merge. 409 rather than RFC 9110's 412: the answer is not a bare failed
 * precondition but a conflict to resolve, with the other person's text in its body (as the edit
 * form's conflict page shows it).
 */
import { z } from '@hono/zod-openapi';
import { MAX_ROW_ID } from '../services/index.ts';
import { httpError } from './error-responses.ts';

/** The `ETag` header of answers that carry a document, for the OpenAPI description. */
export const etagHeader = z.object({
  ETag: z.string().openapi({
    description: "The document's revision as a strong entity tag; send it back in `If-Match` when saving",
    example: '"3"',
  }),
});

/** `If-Match` of `PUT /api/documents/{id}`, for the OpenAPI description and validation. */
export const ifMatchHeaders = z.object({
  'if-match': z
    .string()
    .optional()
    .openapi({
      param: { name: 'if-match', in: 'header' },
      description:
        'Optional. The `ETag` of the document the change was made from (one strong tag, or `*`): when the document has changed since, nothing is saved and the answer is 409 with the current document.',
      example: '"3"',
    }),
});

const STRONG_TAG = /^"([1-9]\d{0,9})"$/;

/**
 * The revision `If-Match` names: `undefined` when absent or `*` (any current document).
 *
 * @throws {HTTPException} 400 naming `If-Match` for a weak tag, a list or a tag this server never sends
 */
export function expectedRevision(ifMatch: string | undefined): number | undefined {
  const value = ifMatch?.trim();
  if (value === undefined || value === '*') return undefined;
  const revision = STRONG_TAG.exec(value)?.[1];
  if (revision === undefined || Number(revision) > MAX_ROW_ID) {
    throw httpError(
      400,
      'If-Match: give the one ETag of the document the change was made from (e.g. "3"), or *',
      'If-Match',
    );
  }
  return Number(revision);
}
