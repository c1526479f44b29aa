/**
 * Search on the wire: the query (`q`, sort, paging in both directions) and the answer
 * (`{ items, next, previous }`), each item a document summary with its matches as pieces.
 */
import { z } from '@hono/zod-openapi';
import type { ListedDocument } from '../db/index.ts';
import type { ListingPage } from '../services/index.ts';
import { highlightPieces, LISTING_PAGE, MAX_SEARCH_LENGTH } from '../services/index.ts';
import { documentSummarySchema, summaryJson } from './document-wire.ts';

const cursorParam = (name: string) =>
  z
    .string()
    .max(2048)
    .optional()
    .openapi({
      param: { name, in: 'query' },
      description: `The \`${name}\` of a \`Link\` from a previous answer`,
    });

/** `GET /api/search` query parameters. */
export const searchQuery = z.strictObject({
  q: z
    .string()
    .trim()
    .min(1, 'enter something to search for')
    .max(MAX_SEARCH_LENGTH)
    .openapi({ param: { name: 'q', in: 'query' }, example: 'budget -draft' }),
  sort: z
    .enum(['changed', 'name'])
    .optional()
    .openapi({ param: { name: 'sort', in: 'query' }, description: 'Default `changed` (newest first)' }),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, `must be a whole number from 1 to ${LISTING_PAGE.max}`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= LISTING_PAGE.max, `must be a whole number from 1 to ${LISTING_PAGE.max}`)
    .optional()
    .openapi({ param: { name: 'limit', in: 'query' }, example: '20' }),
  after: cursorParam('after'),
  before: cursorParam('before'),
});

const piecesSchema = z.array(z.object({ text: z.string(), match: z.boolean() }));

/** A search result. */
export const searchItemSchema = documentSummarySchema
  .extend({
    name_highlight: piecesSchema.meta({ description: 'The name in pieces, matches marked' }),
    text_highlight: piecesSchema.meta({ description: 'Passages of the text around the matches' }),
  })
  .openapi('SearchItem');

/** The answer of `GET /api/search`. */
export const searchPageSchema = z
  .object({
    items: z.array(searchItemSchema),
    next: z.string().nullable().meta({ description: '`after` of the next page; null on the last' }),
    previous: z.string().nullable().meta({ description: '`before` of the previous page; null on the first' }),
  })
  .openapi('SearchPage');

function itemJson(item: ListedDocument): z.infer<typeof searchItemSchema> {
  return {
    ...summaryJson(item),
    name_highlight: highlightPieces(item.headline?.name ?? item.name),
    text_highlight: highlightPieces(item.headline?.text ?? ''),
  };
}

/** A page of results as JSON. */
export function searchPageJson(page: ListingPage): z.infer<typeof searchPageSchema> {
  return { items: page.items.map(itemJson), next: page.next, previous: page.previous };
}
