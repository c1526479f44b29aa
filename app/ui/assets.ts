/**
 * The pages' static files — one style sheet and the icon — read once at start and served by the
 * application itself (no build step). Page links carry the content hash (`?v=`), so a browser may
 * keep a file for a year and still never uses an old one; any other request revalidates by ETag.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Hono } from 'hono';
import type { PageEnv } from './page-env.ts';

interface Asset {
  readonly body: Uint8Array;
  readonly type: string;
  readonly hash: string;
}

function load(file: string, type: string): Asset {
  const body = readFileSync(new URL(`./assets/${file}`, import.meta.url));
  return { body, type, hash: createHash('sha256').update(body).digest('hex').slice(0, 16) };
}

const ASSETS: ReadonlyMap<string, Asset> = new Map([
  ['app.css', load('app.css', 'text/css; charset=utf-8')],
  ['icon.svg', load('icon.svg', 'image/svg+xml')],
]);

/** The URL of an asset as pages link it (with its content hash). */
export function assetUrl(file: 'app.css' | 'icon.svg'): string {
  return `/assets/${file}?v=${ASSETS.get(file)?.hash}`;
}

/**
 * Registers `GET /assets/:file` (policy `webapp.GET.assets.__file`); unknown files go to the 404 page.
 *
 * @example
 * registerAssets(app);
 */
export function registerAssets(app: Hono<PageEnv>): void {
  app.get('/assets/:file', (c) => {
    const asset = ASSETS.get(c.req.param('file'));
    if (!asset) return c.notFound();
    const etag = `"${asset.hash}"`;
    const versioned = c.req.query('v') === asset.hash;
    c.header('Cache-Control', versioned ? 'public, max-age=31536000, immutable' : 'no-cache');
    c.header('ETag', etag);
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    c.header('Content-Type', asset.type);
    return c.body(asset.body as Uint8Array<ArrayBuffer>, 200);
  });
}
