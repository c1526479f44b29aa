/**
 * The version of `wiki-publish`, read from its own `package.json` (found by the package's name, so
 * it is right from the sources and from an installed copy alike).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The package's version, e.g. `0.1.0`. */
export const VERSION: string = (require('@gatehousejs/wiki-publish/package.json') as { version: string })
  .version;
