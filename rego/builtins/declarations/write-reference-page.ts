/**
 * Writes the documentation's built-in reference from the declarations (`npm run docs:builtins`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILTIN_DECLARATIONS } from './index.ts';
import { builtinsReferencePage, REFERENCE_PAGE } from './reference-page.ts';

const file = path.join(fileURLToPath(new URL('../../..', import.meta.url)), REFERENCE_PAGE);
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, builtinsReferencePage(BUILTIN_DECLARATIONS));
console.log(`wrote ${REFERENCE_PAGE}: ${BUILTIN_DECLARATIONS.length} built-ins`);
