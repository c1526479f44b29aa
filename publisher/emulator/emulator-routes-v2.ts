/**
 * The REST API v2 routes of the emulated Confluence (Cloud): spaces by key, pages by space and
 * title or by ids, page by id, create, update (with version number and message, title and parent),
 * delete, ancestors, descendants (with depth), children in sibling order, attachments, labels and
 * content properties. v2 has no move, label-adding or upload endpoint: those stay v1's.
 */
import { attachmentJsonV2, cursorPage, pageJsonV2, propertyJsonV2, spaceJsonV2 } from './content-json-v2.ts';
import { EmulatorError } from './emulator-error.ts';
import type { EmulatedPage, EmulatorState } from './emulator-state.ts';
import { childrenInOrder } from './page-order.ts';
import { jsonBody, type RouteRequest, type RouteSettings } from './request-parts.ts';

interface V2Call {
  readonly state: EmulatorState;
  readonly request: RouteRequest;
  readonly settings: RouteSettings;
  readonly params: readonly string[];
}

type Handler = (call: V2Call) => unknown;

const list = (call: V2Call, items: unknown[]) => cursorPage(items, call.request, call.settings);
const withBody = (call: V2Call) => call.request.query.get('body-format') === 'storage';
const ids = (value: string | null) => (value ? value.split(',').filter((id) => id !== '') : undefined);

/** The page fields of a v2 create or update body. */
function pageWrite(state: EmulatorState, body: Record<string, unknown>) {
  const storage = body.body as { representation?: unknown; value?: unknown } | undefined;
  if (typeof body.title !== 'string' || body.title.trim() === '' || typeof body.spaceId !== 'string')
    throw new EmulatorError(400, 'A page needs a title and a spaceId');
  if (storage?.representation !== 'storage' || typeof storage.value !== 'string')
    throw new EmulatorError(400, 'The body must be given in storage representation');
  return {
    title: body.title,
    spaceKey: state.spaceById(body.spaceId).key,
    body: storage.value,
    ...(typeof body.parentId === 'string' ? { parentId: body.parentId } : {}),
  };
}

function descendants(state: EmulatorState, root: EmulatedPage, maxDepth: number) {
  const found: Record<string, unknown>[] = [];
  const walk = (parentId: string, depth: number) => {
    for (const child of childrenInOrder(state, parentId)) {
      found.push({
        id: child.id,
        status: 'current',
        title: child.title,
        type: 'page',
        parentId,
        depth,
        childPosition: child.position,
      });
      if (depth < maxDepth) walk(child.id, depth + 1);
    }
  };
  walk(root.id, 1);
  return found;
}

const ROUTES: ReadonlyArray<readonly [method: string, pattern: RegExp, handler: Handler]> = [
  [
    'GET',
    /^\/api\/v2\/spaces$/,
    (call) => {
      const keys = ids(call.request.query.get('keys'));
      const spaces = [...call.state.spaces.values()].filter((space) => !keys || keys.includes(space.key));
      return list(call, spaces.map(spaceJsonV2));
    },
  ],
  [
    'GET',
    /^\/api\/v2\/pages$/,
    (call) => {
      const { query } = call.request;
      const wanted = ids(query.get('id'));
      const spaceIds = ids(query.get('space-id'));
      const title = query.get('title');
      const pages = [...call.state.pages.values()].filter(
        (page) =>
          (!wanted || wanted.includes(page.id)) &&
          (!spaceIds || spaceIds.includes(call.state.space(page.spaceKey).id)) &&
          (title === null || (page.title === title && call.state.searchable(page))),
      );
      return list(
        call,
        pages.map((page) => pageJsonV2(call.state, page, withBody(call))),
      );
    },
  ],
  [
    'POST',
    /^\/api\/v2\/pages$/,
    (call) => {
      const page = call.state.createPage(pageWrite(call.state, jsonBody(call.request.body)));
      return pageJsonV2(call.state, page, true);
    },
  ],
  [
    'GET',
    /^\/api\/v2\/pages\/(\d+)$/,
    (call) => pageJsonV2(call.state, call.state.page(call.params[0] ?? ''), withBody(call)),
  ],
  [
    'PUT',
    /^\/api\/v2\/pages\/(\d+)$/,
    (call) => {
      const body = jsonBody(call.request.body);
      const version = body.version as { number?: unknown; message?: unknown } | undefined;
      if (typeof version?.number !== 'number') throw new EmulatorError(400, 'version.number is required');
      const message = typeof version.message === 'string' ? version.message : '';
      const page = call.state.updatePage(
        call.params[0] ?? '',
        pageWrite(call.state, body),
        version.number,
        false,
        message,
      );
      return pageJsonV2(call.state, page, true);
    },
  ],
  [
    'DELETE',
    /^\/api\/v2\/pages\/(\d+)$/,
    (call) => {
      call.state.removePage(call.params[0] ?? '', 'trash');
      return null;
    },
  ],
  [
    'GET',
    /^\/api\/v2\/pages\/(\d+)\/ancestors$/,
    (call) => {
      const page = call.state.page(call.params[0] ?? '');
      return list(
        call,
        call.state.ancestors(page).map((ancestor) => ({ id: ancestor.id, type: 'page' })),
      );
    },
  ],
  [
    'GET',
    /^\/api\/v2\/pages\/(\d+)\/descendants$/,
    (call) => {
      const depth = Math.max(1, Math.min(Number(call.request.query.get('depth') ?? 5) || 5, 5));
      return list(call, descendants(call.state, call.state.page(call.params[0] ?? ''), depth));
    },
  ],
  [
    'GET',
    /^\/api\/v2\/pages\/(\d+)\/children$/,
    (call) => {
      const parent = call.state.page(call.params[0] ?? '');
      const children = childrenInOrder(call.state, parent.id).map((child) => ({
        id: child.id,
        status: 'current',
        title: child.title,
        spaceId: call.state.space(child.spaceKey).id,
        childPosition: child.position,
      }));
      return list(call, children);
    },
  ],
  [
    'GET',
    /^\/api\/v2\/pages\/(\d+)\/attachments$/,
    (call) => {
      const page = call.state.page(call.params[0] ?? '', false);
      const filename = call.request.query.get('filename');
      const attachments = call.state
        .attachmentsOf(page.id)
        .filter((attachment) => filename === null || attachment.title === filename);
      return list(call, attachments.map(attachmentJsonV2));
    },
  ],
  [
    'GET',
    /^\/api\/v2\/pages\/(\d+)\/labels$/,
    (call) => {
      const page = call.state.page(call.params[0] ?? '');
      return list(
        call,
        page.labels.map((name) => ({ id: name, name, prefix: 'global' })),
      );
    },
  ],
  [
    'GET',
    /^\/api\/v2\/pages\/(\d+)\/properties$/,
    (call) => {
      const page = call.state.page(call.params[0] ?? '');
      const key = call.request.query.get('key');
      const properties = [...page.properties.values()].filter(
        (property) => key === null || property.key === key,
      );
      return list(call, properties.map(propertyJsonV2));
    },
  ],
  [
    'POST',
    /^\/api\/v2\/pages\/(\d+)\/properties$/,
    (call) => {
      const body = jsonBody(call.request.body);
      if (typeof body.key !== 'string') throw new EmulatorError(400, 'A property needs a key');
      return propertyJsonV2(call.state.setProperty(call.params[0] ?? '', body.key, body.value));
    },
  ],
  [
    'PUT',
    /^\/api\/v2\/pages\/(\d+)\/properties\/(\d+)$/,
    (call) => {
      const page = call.state.page(call.params[0] ?? '');
      const property = [...page.properties.values()].find((candidate) => candidate.id === call.params[1]);
      if (!property) throw new EmulatorError(404, `No property ${call.params[1]} on ${page.id}`);
      const body = jsonBody(call.request.body);
      const version = (body.version as { number?: unknown } | undefined)?.number;
      if (typeof version !== 'number') throw new EmulatorError(400, 'version.number is required');
      return propertyJsonV2(call.state.setProperty(page.id, property.key, body.value, version));
    },
  ],
];

/** Answers one REST v2 request, or throws an {@link EmulatorError}. */
export async function routeV2(
  state: EmulatorState,
  request: RouteRequest,
  settings: RouteSettings,
): Promise<unknown> {
  for (const [method, pattern, handler] of ROUTES) {
    const match = request.method === method ? pattern.exec(request.path) : null;
    if (match) return handler({ state, request, settings, params: match.slice(1) });
  }
  throw new EmulatorError(404, `No route for ${request.method} ${request.path}`);
}
