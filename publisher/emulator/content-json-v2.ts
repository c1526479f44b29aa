/**
 * REST API v2 JSON of the emulated contents, shaped as Confluence Cloud answers (and as the typed
 * models of a maintained client describe it, which the tests check): spaces, pages with version
 * and optional storage body, descendants, children, ancestors, attachments, labels, and lists with
 * cursor paging whose `_links.next` includes the context path.
 */
import type {
  EmulatedAttachment,
  EmulatedPage,
  EmulatedProperty,
  EmulatedSpace,
  EmulatorState,
} from './emulator-state.ts';
import type { RouteRequest, RouteSettings } from './request-parts.ts';

const CREATED_AT = '2026-01-01T00:00:00.000Z';
const ACCOUNT = '557058:emulated-account';

/** A v2 space. */
export function spaceJsonV2(space: EmulatedSpace): Record<string, unknown> {
  return {
    id: space.id,
    key: space.key,
    name: space.name,
    type: 'global',
    status: 'current',
    authorId: ACCOUNT,
    createdAt: CREATED_AT,
    homepageId: space.homepageId,
    _links: { webui: `/spaces/${space.key}` },
  };
}

/** A v2 page; `withBody` when `body-format=storage` was asked for. */
export function pageJsonV2(
  state: EmulatorState,
  page: EmulatedPage,
  withBody: boolean,
): Record<string, unknown> {
  return {
    id: page.id,
    status: 'current',
    title: page.title,
    spaceId: state.space(page.spaceKey).id,
    parentId: page.parentId ?? null,
    parentType: page.parentId ? 'page' : null,
    position: page.position,
    authorId: ACCOUNT,
    ownerId: ACCOUNT,
    lastOwnerId: null,
    createdAt: CREATED_AT,
    version: {
      createdAt: CREATED_AT,
      message: page.versionMessage,
      number: page.version,
      minorEdit: page.minorEdit,
      authorId: ACCOUNT,
    },
    body: withBody ? { storage: { representation: 'storage', value: page.body } } : {},
    _links: {
      webui: `/spaces/${page.spaceKey}/pages/${page.id}`,
      editui: `/pages/resumedraft.action?draftId=${page.id}`,
      tinyui: `/x/${page.id}`,
    },
  };
}

/** A v2 content property. */
export function propertyJsonV2(property: EmulatedProperty): Record<string, unknown> {
  return {
    id: property.id,
    key: property.key,
    value: property.value,
    version: {
      createdAt: CREATED_AT,
      message: '',
      number: property.version,
      minorEdit: false,
      authorId: ACCOUNT,
    },
  };
}

/** A v2 attachment (the comment holds the publisher's SHA-1, as with v1). */
export function attachmentJsonV2(attachment: EmulatedAttachment): Record<string, unknown> {
  return {
    id: attachment.id,
    status: 'current',
    title: attachment.title,
    createdAt: CREATED_AT,
    pageId: attachment.pageId,
    mediaType: attachment.mediaType,
    comment: attachment.comment,
    fileId: `file-${attachment.id}`,
    fileSize: attachment.data.byteLength,
    webuiLink: `/pages/viewpageattachments.action?pageId=${attachment.pageId}`,
    downloadLink: `/download/attachments/${attachment.pageId}/${encodeURIComponent(attachment.title)}`,
    version: {
      createdAt: CREATED_AT,
      message: '',
      number: attachment.version,
      minorEdit: true,
      authorId: ACCOUNT,
    },
    _links: { webui: `/pages/viewpageattachments.action?pageId=${attachment.pageId}` },
  };
}

/** One page of a v2 list: `cursor` is an opaque offset; `next` carries the context path, as on Cloud. */
export function cursorPage(
  items: unknown[],
  request: RouteRequest,
  settings: RouteSettings,
): Record<string, unknown> {
  const cursor = request.query.get('cursor');
  const start = cursor ? Number(Buffer.from(cursor, 'base64url').toString('utf8')) || 0 : 0;
  const limit = Math.max(1, Math.min(Number(request.query.get('limit') ?? 25) || 25, 250));
  const slice = items.slice(start, start + limit);
  const links: Record<string, string> = { base: settings.base };
  if (start + limit < items.length) {
    const query = new URLSearchParams(request.query);
    query.set('cursor', Buffer.from(String(start + limit)).toString('base64url'));
    links.next = `${settings.contextPath}${request.path}?${query.toString()}`;
  }
  return { results: slice, _links: links };
}
