/**
 * Reading what clients send the emulator: paging parameters, JSON page bodies and multipart
 * attachment uploads (with Confluence's XSRF header check).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { listJson } from './content-json.ts';
import { EmulatorError } from './emulator-error.ts';
import type { PageInput } from './emulator-state.ts';

/** A request as the routes see it (path without the context path). */
export interface RouteRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** Route settings. */
export interface RouteSettings {
  /** `_links.base` of lists (origin + context path). */
  readonly base: string;
  /** The context path (`/wiki`), which REST v2's `next` links include. */
  readonly contextPath: string;
  /** Largest `limit` honoured. */
  readonly maxLimit: number;
}

/** One page of `items` as a REST list, with a relative `next` link when more remain. */
export function paged(items: unknown[], request: RouteRequest, settings: RouteSettings) {
  const start = Math.max(0, Number(request.query.get('start') ?? 0) || 0);
  const limit = Math.max(1, Math.min(Number(request.query.get('limit') ?? 25) || 25, settings.maxLimit));
  const slice = items.slice(start, start + limit);
  let next: string | undefined;
  if (start + limit < items.length) {
    const query = new URLSearchParams(request.query);
    query.set('start', String(start + limit));
    query.set('limit', String(limit));
    next = `${request.path}?${query.toString()}`;
  }
  return listJson(slice, start, limit, settings.base, next);
}

/** The JSON object of a request body. */
export function jsonBody(body: Buffer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new EmulatorError(400, 'Unrecognized JSON body');
}

/** The page of a create or update body. */
export function pageInput(body: Record<string, unknown>): PageInput {
  const storage = (body.body as { storage?: { value?: unknown; representation?: unknown } } | undefined)
    ?.storage;
  const spaceKey = (body.space as { key?: unknown } | undefined)?.key;
  const parentId = (body.ancestors as Array<{ id?: unknown }> | undefined)?.at(-1)?.id;
  if (
    body.type !== 'page' ||
    typeof body.title !== 'string' ||
    body.title.trim() === '' ||
    typeof spaceKey !== 'string'
  ) {
    throw new EmulatorError(400, 'A page needs a type, a title and a space key');
  }
  if (typeof storage?.value !== 'string' || storage.representation !== 'storage') {
    throw new EmulatorError(400, 'The body must be given in storage representation');
  }
  return {
    title: body.title,
    spaceKey,
    body: storage.value,
    ...(parentId !== undefined ? { parentId: String(parentId) } : {}),
  };
}

/** The file, media type and comment of a multipart attachment upload. */
export async function uploadOf(request: RouteRequest) {
  const token = String(request.headers['x-atlassian-token'] ?? '');
  if (token !== 'no-check' && token !== 'nocheck') throw new EmulatorError(403, 'XSRF check failed');
  const form = await new Request('http://emulator.invalid/', {
    method: 'POST',
    headers: { 'content-type': String(request.headers['content-type'] ?? '') },
    body: request.body,
  })
    .formData()
    .catch(() => {
      throw new EmulatorError(400, 'Expected a multipart/form-data body');
    });
  const file = form.get('file');
  if (!(file instanceof Blob) || !('name' in file))
    throw new EmulatorError(400, 'The multipart body has no file part');
  return {
    name: String(file.name),
    mediaType: file.type || 'application/octet-stream',
    data: Buffer.from(await file.arrayBuffer()),
    comment: String(form.get('comment') ?? ''),
  };
}
