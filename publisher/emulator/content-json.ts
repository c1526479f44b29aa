/**
 * REST API v1 JSON of the emulated contents: pages and attachments with the requested expansions
 * (`version`, `ancestors`, `body.storage`, `space`, `children.attachment…`, `metadata`) and paged
 * lists with `start`, `limit`, `size` and a relative `_links.next`.
 */
import type { EmulatedAttachment, EmulatedPage, EmulatedProperty, EmulatorState } from './emulator-state.ts';

/** The expansions requested with `expand=a,b.c`. */
export type Expansions = ReadonlySet<string>;

/** Parses an `expand` parameter. */
export function expansions(expand: string | null): Expansions {
  return new Set(
    (expand ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  );
}

/** The expansions below a prefix (`children.attachment.version` → `version` under `children.attachment`). */
function below(expand: Expansions, prefix: string): Expansions {
  return new Set(
    [...expand].filter((item) => item.startsWith(`${prefix}.`)).map((item) => item.slice(prefix.length + 1)),
  );
}

function has(expand: Expansions, name: string): boolean {
  return expand.has(name) || [...expand].some((item) => item.startsWith(`${name}.`));
}

/** The timestamp every emulated version carries. */
export const VERSION_WHEN = '2026-01-01T00:00:00.000Z';

/** A v1 label record. */
export function labelJson(name: string): Record<string, unknown> {
  return { prefix: 'global', name, id: name, label: name };
}

/** Attachments shown inline in a page's `children.attachment` expansion at most. */
export const INLINE_ATTACHMENT_LIMIT = 25;

/** An attachment record. */
export function attachmentJson(attachment: EmulatedAttachment, expand: Expansions): Record<string, unknown> {
  return {
    id: attachment.id,
    type: 'attachment',
    status: 'current',
    title: attachment.title,
    ...(has(expand, 'metadata') ? { metadata: { mediaType: attachment.mediaType } } : {}),
    extensions: {
      mediaType: attachment.mediaType,
      fileSize: attachment.data.byteLength,
      comment: attachment.comment,
    },
    ...(has(expand, 'version')
      ? { version: { when: VERSION_WHEN, number: attachment.version, minorEdit: true } }
      : {}),
    _links: {
      download: `/download/attachments/${attachment.pageId}/${encodeURIComponent(attachment.title)}?version=${attachment.version}&api=v2`,
    },
  };
}

/** A content property record (v1 and v2 alike). */
export function propertyJson(property: EmulatedProperty): Record<string, unknown> {
  return {
    id: property.id,
    key: property.key,
    value: property.value,
    version: { when: VERSION_WHEN, message: '', number: property.version, minorEdit: false },
    _links: { self: `/rest/api/content/property/${property.id}` },
  };
}

/** A page record. */
export function pageJson(
  state: EmulatorState,
  page: EmulatedPage,
  expand: Expansions,
): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: page.id,
    type: 'page',
    status: 'current',
    title: page.title,
    extensions: { position: page.position },
  };
  if (has(expand, 'space')) json.space = { key: page.spaceKey };
  if (has(expand, 'version'))
    json.version = {
      when: VERSION_WHEN,
      number: page.version,
      minorEdit: page.minorEdit,
      message: page.versionMessage,
    };
  if (has(expand, 'ancestors')) {
    json.ancestors = state
      .ancestors(page)
      .map((ancestor) => ({ id: ancestor.id, type: 'page', status: 'current', title: ancestor.title }));
  }
  const metadata: Record<string, unknown> = {};
  if (has(expand, 'metadata.labels'))
    metadata.labels = {
      results: page.labels.map(labelJson),
      size: page.labels.length,
    };
  const propertyKeys = [...below(expand, 'metadata.properties')];
  if (propertyKeys.length > 0)
    metadata.properties = Object.fromEntries(
      propertyKeys.flatMap((key) => {
        const property = page.properties.get(key);
        return property ? [[key, propertyJson(property)]] : [];
      }),
    );
  if (Object.keys(metadata).length > 0) json.metadata = metadata;
  if (has(expand, 'body.storage')) json.body = { storage: { value: page.body, representation: 'storage' } };
  if (has(expand, 'children.attachment')) {
    const all = state.attachmentsOf(page.id);
    const shown = all.slice(0, INLINE_ATTACHMENT_LIMIT);
    const inner = below(expand, 'children.attachment');
    json.children = {
      attachment: {
        results: shown.map((attachment) => attachmentJson(attachment, inner)),
        start: 0,
        limit: INLINE_ATTACHMENT_LIMIT,
        size: shown.length,
        _links:
          all.length > shown.length
            ? { next: `/rest/api/content/${page.id}/child/attachment?start=${shown.length}` }
            : {},
      },
    };
  }
  json._links = { webui: `/pages/viewpage.action?pageId=${page.id}` };
  return json;
}

/** A paged list: `items` already cut to the page; `next` is the relative link to the next one. */
export function listJson(
  items: unknown[],
  start: number,
  limit: number,
  base: string,
  next?: string,
): Record<string, unknown> {
  return { results: items, start, limit, size: items.length, _links: { base, ...(next ? { next } : {}) } };
}
