/**
 * The REST API v1 routes of the emulated Confluence: space, content search by title and by CQL,
 * content by id, create, update, move, children (in sibling order), descendants, attachments (list,
 * upload, data update).
 */
import {
  attachmentJson,
  type Expansions,
  expansions,
  labelJson,
  listJson,
  pageJson,
} from './content-json.ts';
import { parseCql } from './cql.ts';
import { EmulatorError } from './emulator-error.ts';
import { METADATA_ROUTES } from './emulator-routes-metadata.ts';
import type { EmulatorState } from './emulator-state.ts';
import { childrenInOrder, movePage } from './page-order.ts';
import {
  jsonBody,
  paged,
  pageInput,
  type RouteRequest,
  type RouteSettings,
  uploadOf,
} from './request-parts.ts';

/** What a route's handler gets. */
export interface RouteCall {
  readonly state: EmulatorState;
  readonly request: RouteRequest;
  readonly settings: RouteSettings;
  readonly expand: Expansions;
  readonly params: readonly string[];
}

/** A route's handler. */
export type Handler = (call: RouteCall) => unknown;

function pagesWhere(call: RouteCall, keep: (page: ReturnType<EmulatorState['page']>) => boolean) {
  const items = [...call.state.pages.values()]
    .filter(keep)
    .map((page) => pageJson(call.state, page, call.expand));
  return paged(items, call.request, call.settings);
}

const ROUTES: ReadonlyArray<readonly [method: string, pattern: RegExp, handler: Handler]> = [
  ...METADATA_ROUTES,
  [
    'GET',
    /^\/rest\/api\/space\/([^/]+)$/,
    ({ state, params, expand }) => {
      const space = state.space(decodeURIComponent(params[0] ?? ''));
      const home = state.pages.get(space.homepageId);
      const homepage = expand.has('homepage') && home ? { homepage: pageJson(state, home, new Set()) } : {};
      return {
        id: Number(space.id),
        key: space.key,
        name: space.name,
        type: 'global',
        status: 'current',
        ...homepage,
        _expandable: {},
        _links: { webui: `/spaces/${space.key}`, self: `/rest/api/space/${space.key}` },
      };
    },
  ],
  [
    'GET',
    /^\/rest\/api\/content$/,
    (call) => {
      const spaceKey = call.request.query.get('spaceKey');
      const title = call.request.query.get('title')?.toLowerCase();
      return pagesWhere(
        call,
        (page) =>
          call.state.searchable(page) &&
          (!spaceKey || page.spaceKey === spaceKey) &&
          (title === undefined || page.title.toLowerCase() === title),
      );
    },
  ],
  [
    'GET',
    /^\/rest\/api\/content\/search$/,
    (call) => {
      const cql = parseCql(call.request.query.get('cql') ?? '');
      const ancestors = (page: Parameters<EmulatorState['ancestors']>[0]) =>
        call.state.ancestors(page).map((a) => a.id);
      return pagesWhere(
        call,
        (page) =>
          call.state.searchable(page) &&
          (cql.type === undefined || cql.type === 'page') &&
          (cql.space === undefined || page.spaceKey === cql.space) &&
          (cql.title === undefined || page.title === cql.title) &&
          (cql.parent === undefined || page.parentId === cql.parent) &&
          (cql.ancestor === undefined || ancestors(page).includes(cql.ancestor)),
      );
    },
  ],
  [
    'POST',
    /^\/rest\/api\/content$/,
    ({ state, request, expand }) =>
      pageJson(state, state.createPage(pageInput(jsonBody(request.body))), expand),
  ],
  [
    'GET',
    /^\/rest\/api\/content\/(\d+)$/,
    ({ state, params, expand }) => pageJson(state, state.page(params[0] ?? ''), expand),
  ],
  [
    'PUT',
    /^\/rest\/api\/content\/(\d+)$/,
    ({ state, request, params, expand }) => {
      const body = jsonBody(request.body);
      const version = body.version as
        | { number?: unknown; minorEdit?: unknown; message?: unknown }
        | undefined;
      if (typeof version?.number !== 'number')
        throw new EmulatorError(400, 'Version number is required to update content');
      const page = state.updatePage(
        params[0] ?? '',
        pageInput(body),
        version.number,
        version.minorEdit === true,
        typeof version.message === 'string' ? version.message : '',
      );
      return pageJson(state, page, expand);
    },
  ],
  [
    'POST',
    /^\/rest\/api\/content\/(\d+)\/label$/,
    ({ state, request, params }) => {
      const page = state.page(params[0] ?? '');
      const body: unknown = JSON.parse(request.body.toString('utf8') || '[]');
      if (!Array.isArray(body)) throw new EmulatorError(400, 'a list of labels is required');
      for (const label of body) {
        const name = String((label as { name?: unknown }).name ?? '');
        if (!/^[^\s:]+$/.test(name)) throw new EmulatorError(400, `invalid label ${name}`);
        if (!page.labels.includes(name)) page.labels.push(name);
      }
      return { results: page.labels.map(labelJson), size: page.labels.length };
    },
  ],
  [
    'DELETE',
    /^\/rest\/api\/content\/(\d+)$/,
    ({ state, params }) => {
      state.removePage(params[0] ?? '', 'trash');
      return null;
    },
  ],
  [
    'POST',
    /^\/rest\/api\/content\/archive$/,
    ({ state, request }) => {
      const pages = jsonBody(request.body).pages;
      if (!Array.isArray(pages)) throw new EmulatorError(400, 'pages is required');
      for (const entry of pages) state.removePage(String((entry as { id?: unknown }).id ?? ''), 'archive');
      return { id: `archive-${pages.length}`, links: { status: '/rest/api/longtask/archive' } };
    },
  ],
  [
    'GET',
    /^\/rest\/api\/content\/(\d+)\/child\/page$/,
    (call) => {
      const parent = call.state.page(call.params[0] ?? '');
      const items = childrenInOrder(call.state, parent.id).map((page) =>
        pageJson(call.state, page, call.expand),
      );
      return paged(items, call.request, call.settings);
    },
  ],
  [
    'PUT',
    /^\/rest\/api\/content\/(\d+)\/move\/([a-z]+)\/(\d+)$/,
    ({ state, params }) => {
      const page = movePage(state, params[0] ?? '', params[1] ?? '', params[2] ?? '');
      return { pageId: page.id };
    },
  ],
  [
    'GET',
    /^\/rest\/api\/content\/(\d+)\/descendant\/page$/,
    (call) => {
      const root = call.state.page(call.params[0] ?? '');
      return pagesWhere(call, (page) =>
        call.state.ancestors(page).some((ancestor) => ancestor.id === root.id),
      );
    },
  ],
  [
    'GET',
    /^\/rest\/api\/content\/(\d+)\/child\/attachment$/,
    ({ state, request, settings, params, expand }) => {
      state.page(params[0] ?? '', false);
      const filename = request.query.get('filename');
      const items = state
        .attachmentsOf(params[0] ?? '')
        .filter((a) => filename === null || a.title === filename);
      return paged(
        items.map((attachment) => attachmentJson(attachment, expand)),
        request,
        settings,
      );
    },
  ],
  [
    'POST',
    /^\/rest\/api\/content\/(\d+)\/child\/attachment$/,
    async ({ state, request, settings, params }) => {
      const upload = await uploadOf(request);
      const attachment = state.addAttachment(
        params[0] ?? '',
        upload.name,
        upload.mediaType,
        upload.comment,
        upload.data,
      );
      return listJson([attachmentJson(attachment, new Set(['version', 'metadata']))], 0, 1, settings.base);
    },
  ],
  [
    'POST',
    /^\/rest\/api\/content\/(\d+)\/child\/attachment\/([\w-]+)\/data$/,
    async ({ state, request, params }) => {
      const upload = await uploadOf(request);
      const attachment = state.updateAttachmentData(
        params[0] ?? '',
        params[1] ?? '',
        upload.comment,
        upload.data,
      );
      return attachmentJson(attachment, new Set(['version', 'metadata']));
    },
  ],
];

/** Answers one request, or throws an {@link EmulatorError}. */
export async function route(
  state: EmulatorState,
  request: RouteRequest,
  settings: RouteSettings,
): Promise<unknown> {
  for (const [method, pattern, handler] of ROUTES) {
    const match = request.method === method ? pattern.exec(request.path) : null;
    if (!match) continue;
    const expand = expansions(request.query.get('expand'));
    return handler({ state, request, settings, expand, params: match.slice(1) });
  }
  throw new EmulatorError(404, `No route for ${request.method} ${request.path}`);
}
