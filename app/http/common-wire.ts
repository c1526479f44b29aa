/**
 * Wire schemas shared by the routes: path ids, paging, error bodies and the response helpers of
 * the OpenAPI description.
 */
import { z } from '@hono/zod-openapi';
import { MAX_ROW_ID } from '../services/index.ts';

/** A row id in a path: digits without a leading zero, 1 … 2³¹−1. */
export const idInPath = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'must be a positive whole number')
  .refine((v) => Number(v) <= MAX_ROW_ID, `must be at most ${MAX_ROW_ID}`)
  .transform(Number);

/** `{ id }` path parameters. */
export const idParams = z.strictObject({
  id: idInPath.openapi({ param: { name: 'id', in: 'path' }, example: '42' }),
});

/** Keyset paging of lists: `limit` 1–1000 (default 100), `after` the last id of the previous page. */
export const pageQuery = z.strictObject({
  limit: z
    .string()
    .regex(/^\d{1,4}$/, 'must be a whole number from 1 to 1000')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 1000, 'must be a whole number from 1 to 1000')
    .optional()
    .openapi({ param: { name: 'limit', in: 'query' }, example: '100' }),
  after: idInPath.optional().openapi({ param: { name: 'after', in: 'query' }, example: '42' }),
});

/** The body of every error answer. */
export const errorSchema = z
  .object({ detail: z.string(), field: z.string().optional() })
  .openapi('Error', { example: { detail: 'Access denied: webapp.GET.api.documents.__id' } });

/** A JSON response of the OpenAPI description. */
export function jsonResponse<S extends z.ZodType>(schema: S, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

/** Error responses of the OpenAPI description, by status. */
export function errorResponses<S extends number>(statuses: Record<S, string>) {
  return Object.fromEntries(
    Object.entries(statuses).map(([status, description]) => [
      status,
      jsonResponse(errorSchema, description as string),
    ]),
  ) as Record<S, ReturnType<typeof jsonResponse<typeof errorSchema>>>;
}

/** A required JSON request body. */
export function jsonBody<S extends z.ZodType>(schema: S) {
  return { required: true, content: { 'application/json': { schema } } };
}

/** The `Link` header of a page whose next page starts after `nextAfterId`. */
export function nextPageLink(
  url: string,
  nextAfterId: number | null,
  limit: number | undefined,
): string | undefined {
  if (nextAfterId === null) return undefined;
  const next = new URL(url);
  next.search = '';
  next.searchParams.set('after', String(nextAfterId));
  if (limit !== undefined) next.searchParams.set('limit', String(limit));
  return `<${next.pathname}${next.search}>; rel="next"`;
}
