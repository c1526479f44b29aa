/**
 * The version `authz-tool --version` prints: the `@gatehousejs/authz-tool` package's, found by walking up from
 * this file (the same from a checkout, from `node_modules`, and from a build under `dist/`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The version in the nearest `package.json` named `@gatehousejs/authz-tool` above this file.
 *
 * @returns the version, or `0.0.0` when none is found
 */
export function packageVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === '@gatehousejs/authz-tool' && manifest.version) return manifest.version;
    } catch {
      // No (readable) package.json here: keep walking up.
    }
    const parent = path.dirname(dir);
    if (parent === dir) return '0.0.0';
    dir = parent;
  }
}
