/**
 * Another copy of hono for the Hono adapter's tests: when GATEHOUSE_HONO_DIR names an installed
 * hono package folder, every `hono` and `hono/…` import resolves into it (through its `exports`,
 * pattern entries such as `hono/utils/*` included), so the same tests run against the lowest and the newest hono of the adapter's peer range.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One exact specifier and the file it stands for. */
export interface HonoAlias {
  readonly find: RegExp;
  readonly replacement: string;
}

type ExportTarget = string | { readonly import?: string; readonly default?: string };

/**
 * The aliases of every entry of the hono package in `dir` (none when `dir` is undefined).
 *
 * @param dir an installed hono package folder, e.g. `/tmp/x/node_modules/hono`
 */
export function honoAliases(dir: string | undefined): HonoAlias[] {
  if (!dir) return [];
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    exports: Record<string, ExportTarget>;
  };
  return Object.entries(manifest.exports).flatMap(([entry, target]) => {
    const file = typeof target === 'string' ? target : (target.import ?? target.default);
    if (!file) return [];
    const specifier = `hono${entry.slice(1)}`.replaceAll('/', '\\/');
    // A pattern entry (`./utils/*`): the part the star stands for goes into the target's star.
    const find = new RegExp(`^${specifier.replace('*', '(.+)')}$`);
    return [{ find, replacement: path.join(dir, file).replace('*', '$1') }];
  });
}
