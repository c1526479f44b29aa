import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUILTIN_DECLARATIONS } from './index.ts';
import { builtinsReferencePage, REFERENCE_PAGE } from './reference-page.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('the built-in reference page', () => {
  it('is current: the committed page is what the declarations write (npm run docs:builtins)', () => {
    const committed = readFileSync(path.join(root, REFERENCE_PAGE), 'utf8');
    expect(committed).toBe(builtinsReferencePage(BUILTIN_DECLARATIONS));
  });

  it('has one row per built-in, with its signature and releases', () => {
    const page = builtinsReferencePage(BUILTIN_DECLARATIONS);
    expect(page.match(/^\| `/gm)).toHaveLength(BUILTIN_DECLARATIONS.length);
    expect(page).toContain(
      '| `concat` | `concat(delimiter: string, collection: any<array[string], set[string]>) → string` | Joins a set or array of strings with a delimiter. | all |',
    );
    expect(page).toMatch(/^\| `uri\.parse` \| .* \| v1\.22\.2 \|$/m);
    expect(page).toContain('| `plus` | `x + y → number` |');
  });
});
