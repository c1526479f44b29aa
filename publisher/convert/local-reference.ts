/**
 * Classifies a link or image URL written on a page: external (kept), an anchor on the same page,
 * a local path (resolved against the page's folder to a docs-relative path), or unusable.
 */
import path from 'node:path';

/** A URL as written on a page, classified. */
export type LocalReference =
  | { readonly kind: 'external'; readonly url: string }
  | { readonly kind: 'anchor'; readonly anchor: string }
  | { readonly kind: 'local'; readonly path: string; readonly anchor?: string; readonly directory: boolean }
  | { readonly kind: 'invalid'; readonly reason: string };

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const UNSAFE_SCHEMES = new Set(['javascript', 'vbscript', 'data', 'file']);

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Classifies `url` as written on the page at docs-relative `fromPath`.
 *
 * @example
 * classifyReference('../img/a.png', 'guide/setup.md'); // { kind: 'local', path: 'img/a.png', directory: false }
 */
export function classifyReference(url: string, fromPath: string): LocalReference {
  const trimmed = url.trim();
  if (trimmed === '') return { kind: 'invalid', reason: 'the URL is empty' };
  const scheme = SCHEME.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme && UNSAFE_SCHEMES.has(scheme))
    return { kind: 'invalid', reason: `${scheme}: URLs are not allowed` };
  if (scheme || trimmed.startsWith('//')) return { kind: 'external', url: trimmed };
  const hashAt = trimmed.indexOf('#');
  const anchor = hashAt === -1 ? undefined : decode(trimmed.slice(hashAt + 1));
  const pathPart = (hashAt === -1 ? trimmed : trimmed.slice(0, hashAt)).replace(/\?.*$/, '');
  if (pathPart === '') {
    return anchor ? { kind: 'anchor', anchor } : { kind: 'invalid', reason: 'the URL has no target' };
  }
  const decoded = decode(pathPart).replace(/\\/g, '/');
  const joined = decoded.startsWith('/')
    ? decoded.slice(1)
    : path.posix.join(path.posix.dirname(fromPath), decoded);
  const normalized = path.posix.normalize(joined).replace(/\/+$/, '');
  if (normalized === '..' || normalized.startsWith('../')) {
    return { kind: 'invalid', reason: 'it points outside the docs folder' };
  }
  const local = normalized === '.' ? '' : normalized;
  return {
    kind: 'local',
    path: local,
    ...(anchor ? { anchor } : {}),
    directory: decoded.endsWith('/') || local === '',
  };
}
