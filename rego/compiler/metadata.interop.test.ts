/**
 * METADATA annotations and `rego.metadata.rule()`/`chain()` on the real OPA 1.15.2 and on the
 * engine: scopes (rule, document, package, subpackages, an entrypoint's document default), rules
 * without annotations, packages spanning modules, and the normalization of authors and related
 * resources. One `opa eval` evaluates the whole package; the engine must give the same document.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePeer } from '../../test/support/peers.ts';
import { standardBuiltins } from '../builtins/index.ts';
import { compilePolicies, toJson } from '../index.ts';

const MODULES: Record<string, string> = {
  'a.rego': `# METADATA
# scope: subpackages
# organizations: [Acme]
package a
`,
  'b.rego': `# METADATA
# title: pkg b
# related_resources:
# - https://example.com
# - ref: https://x.y
#   description: xy
# custom:
#   k: [1, 2]
package a.b

# METADATA
# title: T
# authors:
# - Jane Doe <jane@example.com>
# - name: Bob
# - just name
# entrypoint: true
p := rego.metadata.chain()

q := rego.metadata.rule()

# METADATA
# scope: document
# description: doc
r := 1 if false

# METADATA
# title: the r that answers
r := [rego.metadata.rule(), rego.metadata.chain()]

f(x) := [x, rego.metadata.rule()]

# METADATA
# description: a function
g(x) := [x, rego.metadata.rule()]

fs := [f(1), g(2)]
`,
  'c.rego': `package a.b.c

s := rego.metadata.chain()
`,
};

let dir = '';
let reference: unknown;

beforeAll(async () => {
  const opa = ensurePeer('opa', ['v1.15.2']);
  dir = await mkdtemp(path.join(tmpdir(), 'metadata-interop-'));
  for (const [file, source] of Object.entries(MODULES)) await writeFile(path.join(dir, file), source);
  const out = JSON.parse(
    execFileSync(opa, ['eval', '--format=json', `--data=${dir}`, 'data.a'], { encoding: 'utf8' }),
  );
  reference = out.result[0].expressions[0].value;
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('METADATA annotations agree with OPA v1.15.2', () => {
  it('rego.metadata.rule() and chain() give OPA’s document', () => {
    const engine = compilePolicies(
      Object.entries(MODULES).map(([file, source]) => ({ file, source, version: 'v1' as const })),
      { builtins: standardBuiltins },
    );
    const value = engine.evaluate('data.a', {});
    expect(value === undefined ? undefined : toJson(value)).toEqual(reference);
  });
});
