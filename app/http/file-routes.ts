/**
 * `/api/documents/{id}/files`: the images and attachments of a document — list, upload, serve,
 * delete — authorized as the document itself: the same relationship guards (can_read to list and
 * serve, can_write to upload and delete) and one policy per route that asks the same permission.
 * An upload is the file's bytes as the body (`?name=` names it) with a type no HTML form can send
 * (not `multipart/form-data`, `application/x-www-form-urlencoded` or `text/plain`), so that, like
 * the JSON routes, it cannot be forged by a page of another site even where a browser sends no
 * `Origin`; its type is then told from the content, never from that header.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, idParams, jsonResponse } from './common-wire.ts';
import { httpError } from './error-responses.ts';
import {
  documentFileJson,
  documentFileListSchema,
  documentFileSchema,
  fileContentHeaders,
  fileParams,
  uploadQuery,
} from './file-wire.ts';
import { relationGuard } from './relation-guard.ts';
import { type ApiApp, accessOf, type RouteDeps } from './route-deps.ts';

const tags = ['files'];
const security = [{ session: [] }];

/** Content types a page of another site can send without asking first (CORS "simple" types). */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

/**
 * Registers the file routes on `app`.
 *
 * @example
 * registerFileRoutes(app, { services, authz, exists });
 */
export function registerFileRoutes(app: ApiApp, deps: RouteDeps): void {
  const { files } = deps.services;
  const guard = (permission: 'can_read' | 'can_write') =>
    relationGuard(deps.authz, 'document', permission, { exists: deps.exists.document });

  const list = createRoute({
    method: 'get',
    path: '/api/documents/{id}/files',
    tags,
    security,
    summary: "A document's images and attachments, by name (can_read)",
    middleware: [guard('can_read')] as const,
    request: { params: idParams },
    responses: {
      200: jsonResponse(documentFileListSchema, 'The files, with their Markdown'),
      ...errorResponses({ 400: 'Malformed id', 401: 'Not signed in', 403: 'Denied', 404: 'Not found' }),
    },
  });
  app.openapi(list, async (c) => {
    const found = await files.list(accessOf(deps, c), c.req.valid('param').id);
    return c.json({ items: found.map(documentFileJson) }, 200);
  });

  const upload = createRoute({
    method: 'post',
    path: '/api/documents/{id}/files',
    tags,
    security,
    summary: 'Upload an image or attachment to a document (can_write)',
    description:
      'The body is the file itself (at most 5 MiB), sent with `Content-Type: application/octet-stream` or its own type — not a form type. What the file is, is told from its content: PNG, JPEG, GIF and WebP images (shown inline), PDF, ZIP and UTF-8 text (downloaded). SVG, HTML and other markup are refused.',
    middleware: [guard('can_write')] as const,
    request: {
      params: idParams,
      query: uploadQuery,
      body: {
        required: true,
        content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
      },
    },
    responses: {
      201: jsonResponse(documentFileSchema, 'Stored'),
      ...errorResponses({
        400: 'Malformed id, bad name, or an empty file',
        401: 'Not signed in',
        403: 'Denied',
        404: 'Not found',
        409: 'The document already has a file of this name, or holds the most files it may',
        413: 'Larger than 5 MiB',
        415: 'A form type as Content-Type, or content of no accepted type (SVG and HTML included)',
      }),
    },
  });
  app.openapi(upload, async (c) => {
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (!type || FORM_TYPES.has(type)) {
      throw httpError(
        415,
        `Content-Type: send the file's bytes as the body with Content-Type application/octet-stream (got ${type ?? 'none'})`,
        'content-type',
      );
    }
    const content = new Uint8Array(await c.req.arrayBuffer());
    const stored = await files.upload(accessOf(deps, c), c.req.valid('param').id, {
      name: c.req.valid('query').name,
      content,
    });
    c.header('Location', documentFileJson(stored).url);
    return c.json(documentFileJson(stored), 201);
  });

  const serve = createRoute({
    method: 'get',
    path: '/api/documents/{id}/files/{file_id}',
    tags,
    security,
    summary: "A file's content (can_read on its document)",
    description:
      'Served with its detected type and `X-Content-Type-Options: nosniff`; images `inline`, everything else as an `attachment`; a Content Security Policy that lets nothing in it run.',
    middleware: [guard('can_read')] as const,
    request: { params: fileParams },
    responses: {
      200: {
        description: 'The content',
        content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
      },
      ...errorResponses({
        400: 'Malformed id',
        401: 'Not signed in',
        403: 'Denied',
        404: 'Document or file not found (a file of another document is not found)',
      }),
    },
  });
  app.openapi(serve, async (c) => {
    const { id, file_id } = c.req.valid('param');
    const file = await files.get(accessOf(deps, c), id, file_id);
    return c.body(file.content as Uint8Array<ArrayBuffer>, 200, fileContentHeaders(file));
  });

  const remove = createRoute({
    method: 'delete',
    path: '/api/documents/{id}/files/{file_id}',
    tags,
    security,
    summary: 'Delete a file of a document (can_write)',
    middleware: [guard('can_write')] as const,
    request: { params: fileParams },
    responses: {
      204: { description: 'Deleted' },
      ...errorResponses({
        400: 'Malformed id',
        401: 'Not signed in',
        403: 'Denied',
        404: 'Document or file not found',
      }),
    },
  });
  app.openapi(remove, async (c) => {
    const { id, file_id } = c.req.valid('param');
    await files.remove(accessOf(deps, c), id, file_id);
    return c.body(null, 204);
  });
}
